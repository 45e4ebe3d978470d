/**
 * A pay-only 8-K's headline from the item's own first sentences (issue #25, class 3): which pay decision, and for whom
 * when the sentence names one person. "Executive pay decisions" said only the item's subject; a holder wants to know
 * whether it is the CEO's contract, a bonus, a raise or a new stock plan. Null when the words name none of these.
 */
import { cap, quoteText } from './format';

/** A person as item text writes one: "Robert A. Iger", "Mr. Bruce Bowden", "Daniel D. Tempesta". */
const PERSON = String.raw`(?:(?:Mr|Ms|Mrs|Dr)\.\s+)?([A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-zA-Z'’-]+){1,2})`;
/** A sentence's body: no sentence end, though an initial's or an amount's period is kept. */
const BODY = String.raw`(?:[^.]|\.(?=\d)|(?<=\b(?:[A-Z]|Mr|Ms|Mrs|Dr|Inc|No))\.)`;

const AGREEMENT = `[Ee]mployment [Aa]greements?`;
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
const BONUS_TO = new RegExp(`(${AMOUNT}) (?:cash )?bonus(?: payment)? to ${PERSON}`);
const BONUSES_FOR = /\bbonus(?:es)? for (fiscal(?: year)? \d{4})\b/i;
const BONUS_PROGRAM =
  /\bbonus(?:es)? (?:pursuant to|under) (?:the )?(?:Company['’]s )?((?:Fiscal(?: Year)? )?\d{4} (?:[A-Z][\w-]* ){0,3}(?:Program|Plan))\b/;
const PLAN =
  /\b([Aa]doption of|adopted|approved(?: the adoption of| the terms of)?|approved an amendment to|amendment (?:and restatement )?(?:of|to))\s+(?:the\s+)?(?:Company['’]s\s+|Registrant['’]s\s+|its\s+)?((?:(?:Fiscal(?: Year)? )?\d{4}\s+)?(?:[A-Z][\w-]*\s+){0,4}?(?:Plan|Program))\b/;
/** "employment agreements for each of Stuart Crumbaugh, David Neibert and Carolyn Yu" (Marygold 2022). */
const AGREEMENT_FOR = new RegExp(
  String.raw`\b(?:entered into|approved)${BODY}{0,60}?\b${AGREEMENT} for (?:each of )?${PERSON}`,
);
/** "a payment in the amount of $50,000 for Sumit Sadana ... to relocate" (SanDisk 2011). */
const PAYMENT_TO = new RegExp(String.raw`\bpayment (?:in the amount )?of (${AMOUNT}) (?:to|for) ${PERSON}`);
/** "cash bonuses to specified key employees" (Nuance 2021), "retention bonuses to certain executive officers". */
const BONUSES_TO =
  /\b(cash|retention|stay|transaction|special|one-time) bonus(?:es| payments) to (?:specified |certain |its |the )?((?:key |executive )?(?:employees|officers))\b/i;
/** "a grant of restricted stock and warrants to certain officers, directors and employees" (Astrotech 2010). */
const GRANT_TO =
  /\bgrants? of ((?:[\w-]+ ){0,4}?(?:stock|shares|options|units|warrants)(?: and [\w-]+){0,2}) to ((?:certain |its |the )?(?:officers|directors|employees|executive officers)(?:,? (?:and )?(?:officers|directors|employees))*)/i;
/** "a new form of agreement for the award of Performance-Based Stock Units" (Disney 2013). */
const AWARD_FORM = /\bform of (?:[\w-]+ )?agreement for (?:the )?(?:award|grant) of ([A-Z][\w-]*(?: [A-Z][\w-]*){0,4})/;
/** A bonus programme named without a verb ("took the following actions: Fiscal 2008 Company Bonus Program"). */
const NAMED_BONUS_PROGRAM = /\b((?:Fiscal(?: Year)? )?\d{4} (?:[A-Z][\w-]* ){0,3}Bonus (?:Program|Plan))\b/;
/** Salaries or awards set for the named executive officers as a group (Nordstrom 2023). */
const NEO_PAY = /\b(?:salar(?:y|ies)|bonus(?:es)?|awards?)\b.{0,120}\bnamed executive officers\b/i;
const ARRANGEMENTS_WITH = new RegExp(String.raw`\bcompensation arrangements? with ${PERSON}`);
/** A list of people after the first ("with William P. Lauder, Fabrizio Freda, John Demsey and Cedric Prouvé"). */
const MORE_PEOPLE = /^(?:,\s*|\s+and\s+)[A-Z][a-z]+\s+[A-Z]/;

/** The first of the readings above that the quote states, as a headline. */
export function payHeadline(quote: string | null): string | null {
  if (!quote) return null;
  const text = quoteText(quote);
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
  const agreementsFor = AGREEMENT_FOR.exec(text);
  if (agreementsFor?.[1]) {
    const others = MORE_PEOPLE.test(text.slice(agreementsFor.index + agreementsFor[0].length));
    return `Employment agreement${others ? `s for ${agreementsFor[1]} and others` : ` for ${agreementsFor[1]}`} approved`;
  }
  const salary = SALARY.exec(text);
  if (salary?.[1]) return `${salary[1]}'s base salary raised from ${salary[2]} to ${salary[3]}`;
  const bonus = BONUS_TO.exec(text);
  if (bonus?.[2]) return `${bonus[1]} bonus for ${bonus[2]}`;
  const bonuses = BONUSES_FOR.exec(text)?.[1];
  if (bonuses) return `Bonuses for ${bonuses} approved`;
  const program = BONUS_PROGRAM.exec(text)?.[1];
  if (program) return `Bonuses under the ${program} approved`;
  const payment = PAYMENT_TO.exec(text);
  if (payment?.[2]) {
    const sentence = text.slice(payment.index).split(/\.\s/)[0] ?? '';
    return `${payment[1]} ${/\brelocat/i.test(sentence) ? 'relocation ' : ''}payment to ${payment[2]} approved`;
  }
  const bonusesTo = BONUSES_TO.exec(text);
  if (bonusesTo?.[1] && bonusesTo[2]) return `${cap(bonusesTo[1].toLowerCase())} bonuses for ${bonusesTo[2]} approved`;
  const grant = GRANT_TO.exec(text);
  if (grant?.[1] && grant[2]) return `Grant of ${grant[1]} to ${grant[2]}`;
  const awardForm = AWARD_FORM.exec(text)?.[1];
  if (awardForm) return `New form of award agreement for ${awardForm}`;
  const arrangements = ARRANGEMENTS_WITH.exec(text)?.[1];
  if (arrangements) return `${arrangements}'s pay arrangements changed`;
  const plan = PLAN.exec(text);
  if (plan?.[1] && plan[2]) {
    const verb = plan[1].toLowerCase();
    return `${plan[2]} ${/amendment/.test(verb) ? 'amended' : /adopt/.test(verb) ? 'adopted' : 'approved'}`;
  }
  const named = NAMED_BONUS_PROGRAM.exec(text)?.[1];
  if (named) return `${named} set`;
  if (NEO_PAY.test(text)) return 'Pay of the named executive officers set';
  return null;
}
