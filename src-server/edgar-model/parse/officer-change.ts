/**
 * 8-K Item 5.02 (officer/director departures, appointments, pay): the people it names, with the
 * role printed beside each name and what the item says happened to them. Read from the item's own
 * text (up to the next item or the signatures, so the signer is not taken for the subject).
 *
 * A run of capitalised words is a person only when the text treats it as one: an age after it
 * ("Doug Petno, 61"), a role after it ("Brad Anderson, Executive Vice President"), a verb people do
 * ("Dina Powell McCormick notified"), a possessive, a verb of appointment before it ("appointed
 * Brandon Hetzel"), or a later "Mr."/"Ms." with its surname. Company and place names ("Union
 * Pacific Corporation", "Homeland Security") have none of these.
 */
import type { OfficerChange } from './types';

const TOKEN = '(?:[A-Z][a-z]{0,2}[A-Z]?[a-z]+(?:-[A-Z]?[a-z]+)*)';
const INITIAL = String.raw`(?:[A-Z]\.)`;
const SUFFIX = String.raw`(?:,?\s(?:Jr\.|Sr\.|II|III|IV)(?![a-z]))`;
/** Capitalised words and initials separated by single spaces: candidates are cut from these runs. */
const RUN = new RegExp(String.raw`\b(?:${INITIAL}|${TOKEN})(?:\s(?:${INITIAL}|${TOKEN}))*${SUFFIX}?`, 'g');

/** Words that end a person's name: roles, months, company and document words. */
const STOP = new Set(
  (
    'january february march april may june july august september october november december monday tuesday wednesday thursday friday ' +
    'chief executive officer officers president presidents vice senior director directors board chairman chair chairwoman chairperson treasurer secretary ' +
    'general counsel principal financial operating accounting controller member members committee independent lead managing head global worldwide ' +
    'field operations customer brand technology legal people human resources co interim acting former current named target award awards opportunity ' +
    'base plan plans achievement inc corp corporation company co llc ltd lp bank banking group holdings trust partners fund capital management ' +
    'item items form report current annual quarterly exhibit exhibits agreement agreements equity incentive compensation compensatory arrangements ' +
    'departure election appointment appointments certain registrant securities exchange act commission united states section rule fiscal year stock ' +
    'common restricted units unit the on in as an a and of for to by with effective following additionally pursuant signatures signature date name title ' +
    'also neither each this these that such our its their his her he she they we mr ms mrs dr messrs employment separation consulting retention ' +
    'continuity performance condition vesting salary bonus cash option options proxy statement annual meeting stockholders shareholders business'
  ).split(' '),
);

const ROLE =
  '(?:(?:Co-|Interim |Acting |Executive |Senior |Group |Lead |Independent |Non-Executive )*(?:Chief [A-Z][a-z]+(?: [A-Z][a-z]+)? Officer|President|Vice President|Chairman|Chairwoman|Chair|Chief Executive|CEO|CFO|COO|CTO|CAO|Treasurer|Secretary|General Counsel|Controller|Director|director|Principal [A-Z][a-z]+ Officer|Vice Chairman|Executive Vice President|Senior Vice President)s?)';
const ROLE_PHRASE = new RegExp(
  String.raw`${ROLE}(?:(?:,| and| &) ${ROLE})*(?: of [A-Z][\w&’'.-]*(?: [&A-Z][\w&’'.-]*){0,3})?`,
);
const BOARD_MEMBER = /member of (?:the|its|our) Board/i;

const AFTER_PERSON = new RegExp(
  String.raw`^(?:,?\s(?:age\s)?\d{2}[,\s]|['’]s\b|,?\s(?:the\s|our\s|its\s|current\s|former\s|then\s)?${ROLE}|\s(?:has|have|had|was|is|will|would)?\s?(?:notified|informed|resigned|resign|retired|retire|became|become|transitioned|tendered|announced|decided|agreed|accepted|joined|stepped|departed|served|serves|succeeded|succeeds|been|terminated|appointed|elected|promoted|dismissed)\b)`,
);
const BEFORE_PERSON =
  /(?:appointed|appoint|elected|named|promoted|hired|nominated|appointment of|departure of|election of|resignation of|retirement of|each of|between|succeed|succeeds|successor,?)\s*$/i;

const DEPARTURE =
  /\b(?:resign\w*|retir(?:e\w*|ing)|retirement|step(?:ped|s|ping)? down|depart(?:s|ed|ure|ing)?|terminat\w*|separation|not stand for re-?election|will not seek|removed|leave the company|cease\w* to serve)\b/i;
const ROLE_CHANGE = /\btransition\w* from\b|\bpromot\w*/i;
// "has elected to retire" is a choice, not an election.
const APPOINTMENT =
  /\b(?:appoint\w*|elect(?:ed|ion)\b(?!\s+to\s+(?:retire|resign|step|leave|depart|not\b))|named|hired|join\w*|became|become|nominat\w*|succeed\w*)\b/i;
const COMPENSATION = /\b(?:award\w*|salary|bonus\w*|compensation|grant\w*|agreements?|equity|pay(?:ment)?s?)\b/i;

function section(body: string): string | null {
  const start = /(?:^|\n)[ \t>*•]*item\s*5\s?\.\s?0\s?2\b/i.exec(body);
  if (!start) return null;
  const rest = body.slice(start.index + start[0].length, start.index + 40_000);
  const end = rest.search(/\n[ \t>*•]*(?:item\s*\d{1,2}\s?\.\s?\d\s?\d|signatures?\b)/i);
  return (end === -1 ? rest : rest.slice(0, end))
    .replace(/\s+/g, ' ')
    .replace(/([A-Z])\.(?=[A-Z][a-z])/g, '$1. ')
    .replace(HEADING, '')
    .trim();
}

/** The item's own title, which names every kind of change and so says nothing about this one. */
const HEADING =
  /^[\s.:\-–—]*Departure\s+of\s+Directors\s+or\s+(?:Certain|Principal)\s+Officers[;.,]?\s*(?:Election\s+of\s+Directors[;.,]?\s*)*(?:Appointment\s+of\s+(?:Certain|Principal)\s+Officers[;.:,]?\s*)?(?:Compensatory\s+Arrangements\s+of\s*Certain\s+Officers\.?)?/i;

interface Candidate {
  name: string;
  at: number;
  end: number;
}

function candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const run of text.matchAll(RUN)) {
    const words = run[0].split(' ');
    let at = run.index ?? 0;
    let part: string[] = [];
    let partAt = at;
    const flush = () => {
      const tokens = part.filter((w) => !/^[A-Z]\.$/.test(w) && !/^(Jr\.|Sr\.|II|III|IV)$/.test(w.replace(/^,/, '')));
      if (tokens.length >= 2 && tokens.length <= 4 && !/^[A-Z]\.$/.test(part.at(-1)!)) {
        const name = part.join(' ').replace(/,$/, '');
        out.push({ name, at: partAt, end: partAt + name.length });
      }
      part = [];
    };
    for (const word of words) {
      const bare = word.replace(/[.,]$/, '').toLowerCase();
      if (STOP.has(bare) && !/^[A-Z]\.$/.test(word)) {
        flush();
        partAt = at + word.length + 1;
      } else {
        if (part.length === 0) partAt = at;
        part.push(word);
      }
      at += word.length + 1;
    }
    flush();
  }
  return out;
}

const CHANGES = [
  ['departure', DEPARTURE],
  ['role_change', ROLE_CHANGE],
  ['appointment', APPOINTMENT],
  ['compensation', COMPENSATION],
] as const;

function firstChange(text: string): OfficerChange['change'] | null {
  const hits = CHANGES.map(([change, re]) => ({ change, at: text.search(re) })).filter((h) => h.at !== -1);
  return hits.sort((a, b) => a.at - b.at)[0]?.change ?? null;
}

/**
 * What happened to the person: the verb just before the name ("appointed X"), else the words
 * between this name and the next, else the item's opening sentence (a pay table under "the
 * Compensation Committee adopted ..." is about pay).
 */
function classify(before: string, own: string, sentence: string, opening: string): OfficerChange['change'] {
  const verb = BEFORE_PERSON.exec(before)?.[0];
  return (
    (verb ? firstChange(verb) : null) ?? firstChange(own) ?? firstChange(sentence) ?? firstChange(opening) ?? 'named'
  );
}

/** A full stop that ends a sentence (not "Inc.", "Mr." or an initial). */
const SENTENCE_END = /(?<!\b(?:Inc|Co|Corp|Ltd|Mr|Ms|Mrs|Dr|Messrs|No|[A-Z]))\.\s/g;

function sentenceAround(text: string, at: number, end: number): string {
  let from = 0;
  for (const m of text.slice(0, at).matchAll(SENTENCE_END)) from = (m.index ?? 0) + m[0].length;
  SENTENCE_END.lastIndex = 0;
  const rest = text.slice(end).search(SENTENCE_END);
  return text.slice(from, rest === -1 ? text.length : end + rest);
}

function roleIn(window: string): string | null {
  const m = ROLE_PHRASE.exec(window);
  if (m)
    return m[0]
      .replace(/^(?:d)irector$/, 'Director')
      .replace(/s$/, (s) => (/(?:Officers|Presidents|Directors|CEOs)$/.test(m[0]) ? '' : s));
  return BOARD_MEMBER.test(window) ? 'Director' : null;
}

/** The people an 8-K's Item 5.02 names (none when the body has no 5.02 section). */
export function officerChanges(body: string): OfficerChange[] {
  const text = section(body);
  if (!text) return [];
  const honorific = new Set(
    [...text.matchAll(new RegExp(String.raw`\b(?:Mr|Ms|Mrs|Dr)\.\s(${TOKEN})`, 'g'))].map((m) => m[1]!),
  );
  const found = candidates(text);
  const opening = text.slice(0, 400);
  const people = new Map<string, OfficerChange>();
  found.forEach((c, i) => {
    const after = text.slice(c.end, c.end + 250);
    const before = text.slice(Math.max(0, c.at - 200), c.at);
    const surname = c.name.replace(SUFFIX_RE, '').split(' ').at(-1)!;
    const isPerson = AFTER_PERSON.test(after) || BEFORE_PERSON.test(before) || honorific.has(surname);
    if (!isPerson) return;
    const next = found[i + 1];
    const own = next && next.at - c.end < 250 ? text.slice(c.end, next.at) : after;
    const role = roleIn(own) ?? roleIn(after);
    const change = classify(before, own, sentenceAround(text, c.at, c.end), opening);
    const key = c.name.toLowerCase();
    const seen = people.get(key);
    if (seen) {
      // A later mention fills what the first left open ("Departure of Brett Kaufman" then his role).
      seen.role ??= role;
      if (seen.change === 'named') seen.change = change;
      return;
    }
    people.set(key, { name: c.name, role, change });
  });
  return [...people.values()];
}

const SUFFIX_RE = /,?\s(?:Jr\.|Sr\.|II|III|IV)$/;
