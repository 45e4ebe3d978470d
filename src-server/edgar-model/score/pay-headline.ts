/**
 * A pay-only 8-K's headline from the item's own first sentences (issue #25, class 3): which pay decision, and for whom
 * when the sentence names one person. "Executive pay decisions" said only the item's subject; a holder wants to know
 * whether it is the CEO's contract, a bonus, a raise or a new stock plan. Null when the words name none of these.
 */
import { withoutDefinedTerms } from './format';

/** A person as item text writes one: "Robert A. Iger", "Mr. Bruce Bowden", "Daniel D. Tempesta". */
const PERSON = String.raw`(?:(?:Mr|Ms|Mrs|Dr)\.\s+)?([A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-zA-Z'’-]+){1,2})`;
/** A sentence's body: no sentence end, though an initial's or an amount's period is kept. */
const BODY = String.raw`(?:[^.]|\.(?=\d)|(?<=\b(?:[A-Z]|Mr|Ms|Mrs|Dr|Inc|No))\.)`;

const AGREEMENT = String.raw`[Ee]mployment [Aa]greements?`;
/** A dollar amount without the comma that may follow it ("$450,000, effective ..."). */
const AMOUNT = String.raw`\$\d(?:[\d,]*\d)?(?:\.\d+)?(?: million)?`;

const AMENDED_AGREEMENT = new RegExp(
  String.raw`\b(amended|amendments? to|extended the terms? of)${BODY}{0,80}?\b${AGREEMENT}\b${BODY}{0,60}?\bwith (?:each of )?${PERSON}`,
);
const AGREEMENT_WITH = new RegExp(
  String.raw`\b(?:entered into|approved|signed)${BODY}{0,60}?\b(?:new )?(?:[\w-]+ ){0,3}?${AGREEMENT}${BODY}{0,80}?\bwith ${PERSON}`,
);
const PERSON_AND_COMPANY_AGREEMENT = new RegExp(
  String.raw`\band ${PERSON} entered into an amendment${BODY}{0,40}?\b${AGREEMENT}\b`,
);
const SALARY = new RegExp(
  String.raw`\b(?:increase|adjustment) in the annual base salary of${BODY}{0,120}?${PERSON},?\s+from (${AMOUNT}) to (${AMOUNT})`,
);
const BONUS_TO = new RegExp(String.raw`(${AMOUNT}) (?:cash )?bonus(?: payment)? to ${PERSON}`);
const BONUSES_FOR = /\bbonus(?:es)? for (fiscal(?: year)? \d{4})\b/i;
const BONUS_PROGRAM =
  /\bbonus(?:es)? (?:pursuant to|under) (?:the )?(?:Company['’]s )?((?:Fiscal(?: Year)? )?\d{4} (?:[A-Z][\w-]* ){0,3}(?:Program|Plan))\b/;
const PLAN =
  /\b([Aa]doption of|adopted|approved(?: the adoption of| the terms of)?|approved an amendment to|amendment (?:and restatement )?(?:of|to))\s+(?:the\s+)?(?:Company['’]s\s+|Registrant['’]s\s+|its\s+)?((?:(?:Fiscal(?: Year)? )?\d{4}\s+)?(?:[A-Z][\w-]*\s+){0,4}?(?:Plan|Program))\b/;
const ARRANGEMENTS_WITH = new RegExp(String.raw`\bcompensation arrangements? with ${PERSON}`);
/** A list of people after the first ("with William P. Lauder, Fabrizio Freda, John Demsey and Cedric Prouvé"). */
const MORE_PEOPLE = /^(?:,\s*|\s+and\s+)[A-Z][a-z]+\s+[A-Z]/;

/** The first of the readings above that the quote states, as a headline. */
export function payHeadline(quote: string | null): string | null {
  if (!quote) return null;
  const text = withoutDefinedTerms(quote.replace(/\s+/g, ' '));
  const changed = AMENDED_AGREEMENT.exec(text);
  const person = changed?.[2] ?? PERSON_AND_COMPANY_AGREEMENT.exec(text)?.[1];
  if (person) {
    const how = changed?.[1]?.startsWith('extended') ? 'extended' : 'amended';
    // "with each of David Ball, President and Chief Executive Officer, Steven T. Klitzing, ...": a title may sit between.
    const others =
      changed && MORE_PEOPLE.test(text.slice(changed.index + changed[0].length).replace(/^,[^,]{0,80}(?=,)/, ''));
    return others ? `Employment agreements of ${person} and others ${how}` : `${person}'s employment agreement ${how}`;
  }
  const agreement = AGREEMENT_WITH.exec(text);
  if (agreement?.[1]) return `Employment agreement with ${agreement[1]}`;
  const salary = SALARY.exec(text);
  if (salary?.[1]) return `${salary[1]}'s base salary raised from ${salary[2]} to ${salary[3]}`;
  const bonus = BONUS_TO.exec(text);
  if (bonus?.[2]) return `${bonus[1]} bonus for ${bonus[2]}`;
  const bonuses = BONUSES_FOR.exec(text)?.[1];
  if (bonuses) return `Bonuses for ${bonuses} approved`;
  const program = BONUS_PROGRAM.exec(text)?.[1];
  if (program) return `Bonuses under the ${program} approved`;
  const arrangements = ARRANGEMENTS_WITH.exec(text)?.[1];
  if (arrangements) return `${arrangements}'s pay arrangements changed`;
  const plan = PLAN.exec(text);
  if (plan?.[1] && plan[2]) {
    const verb = plan[1].toLowerCase();
    return `${plan[2]} ${/amendment/.test(verb) ? 'amended' : /adopt/.test(verb) ? 'adopted' : 'approved'}`;
  }
  return null;
}
