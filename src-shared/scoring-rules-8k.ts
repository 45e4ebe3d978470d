/**
 * The 8-K content rules (issue #25): what an item's own text says decides its level, by the rubric
 * of docs/scoring.md ("8-K (and 6-K) by content"). Rendered with the other rules on /about-our-ai.
 */
import type { Importance } from './importance';

export const CONTENT_RULES_8K = {
  '8k.5.02.disagreement': {
    importance: 'CRITICAL',
    when: 'Item 5.02: a director or officer leaves citing a disagreement',
  },
  '8k.5.02.chief-exit-immediate': {
    importance: 'CRITICAL',
    when: 'Item 5.02: the CEO or CFO leaves effective immediately or is terminated',
  },
  '8k.5.02.top-exit': {
    importance: 'HIGH',
    when: 'Item 5.02: the CEO, CFO, president, chair or founder leaves, with notice',
  },
  '8k.5.02.top-appointed': { importance: 'HIGH', when: 'Item 5.02: a new CEO or CFO, or an interim one, is appointed' },
  '8k.5.02.senior-exit': {
    importance: 'MEDIUM',
    when: 'Item 5.02: the COO, a division head or the chief accounting officer leaves, or three or more directors leave',
  },
  '8k.5.02.board-reset': {
    importance: 'MEDIUM',
    when: 'Item 5.02: three or more directors join the board at once (enlarged or reconstituted)',
  },
  '8k.5.02.routine': {
    importance: 'LOW',
    when: 'Item 5.02: a director joins or leaves, or an officer below the CEO and CFO is appointed',
  },
  '8k.5.02.departure-unread-top': {
    importance: 'HIGH',
    when: 'Item 5.02: the text puts a departure beside the CEO’s, CFO’s, president’s or chair’s title, but no rule reads who leaves',
  },
  '8k.5.02.departure-unread': {
    importance: 'MEDIUM',
    when: 'Item 5.02: the text puts a departure beside an officer’s title, but no rule reads who leaves',
  },
  '8k.5.02.appointment-unread-top': {
    importance: 'HIGH',
    when: 'Item 5.02: the text puts an appointment before the CEO’s, CFO’s or president’s title, but no rule reads who joins',
  },
  '8k.5.02.appointment-unread': {
    importance: 'LOW',
    when: 'Item 5.02: the text puts an appointment before a lower officer’s title, but no rule reads who joins',
  },
  '8k.5.02.compensation': { importance: 'LOW', when: 'Item 5.02: compensation only (a plan, an award, an agreement)' },
  '8k.deal.being-acquired': {
    importance: 'CRITICAL',
    when: 'Items 1.01/2.01: the company itself is to be acquired or merged',
  },
  '8k.deal.huge': {
    importance: 'CRITICAL',
    when: 'Items 1.01/2.01: a deal of half the company’s market value or more (else of its total assets)',
  },
  '8k.deal.large': {
    importance: 'HIGH',
    when: 'Items 1.01/2.01: a deal of 20-50% of the company’s market value (else of its total assets)',
  },
  '8k.deal.mid': {
    importance: 'MEDIUM',
    when: 'Items 1.01/2.01: a deal of 5-20% of the company’s market value (10-20% of its total assets when no market value is known)',
  },
  '8k.deal.small': {
    importance: 'LOW',
    when: 'Items 1.01/2.01: a deal under 5% of the company’s market value (under 10% of its total assets)',
  },
  '8k.deal.unsized': {
    importance: 'MEDIUM',
    when: 'Items 1.01/2.01: an agreement or deal whose size against the company is not known',
  },
  '8k.deal.completed': { importance: 'LOW', when: 'Item 2.01: completes a deal announced before' },
  '8k.deal.financing': {
    importance: 'MEDIUM',
    when: 'Items 1.01/2.03: new debt in the normal course, or a credit facility enlarged',
  },
  '8k.deal.routine': {
    importance: 'LOW',
    when: 'Items 1.01/1.02/2.03: a credit agreement amended or extended, notes closed as announced, a pay agreement, a rights plan, an agreement (not a deal for a business) amended or extended with no market value to size it',
  },
  '8k.3.01.delisting': {
    importance: 'CRITICAL',
    when: 'Item 3.01: a delisting determination, a suspension or a voluntary delisting',
  },
  '8k.3.01.deficiency': { importance: 'HIGH', when: 'Item 3.01: a deficiency notice with a cure period' },
  '8k.3.01.composition': { importance: 'MEDIUM', when: 'Item 3.01: a board or audit-committee composition notice' },
  '8k.3.01.transfer': {
    importance: 'LOW',
    when: 'Item 3.01: a voluntary transfer between markets, or compliance already regained',
  },
  '8k.5.07.failed': {
    importance: 'HIGH',
    when: 'Item 5.07: a board-backed proposal failed, say-on-pay rejected, or a contested election',
  },
  '8k.5.07.deal': { importance: 'MEDIUM', when: 'Item 5.07: a special meeting approves a deal' },
  '8k.5.07.routine': { importance: 'LOW', when: 'Item 5.07: every proposal went as the board recommended' },
  '8k.2.02.warning': { importance: 'HIGH', when: 'Item 2.02: preliminary results, a warning or guidance withdrawn' },
  '8k.2.02.scheduled': { importance: 'MEDIUM', when: 'Item 2.02: the scheduled results release' },
  '8k.2.02.supplement': {
    importance: 'LOW',
    when: 'Item 2.02: supplemental figures furnished beside the results announced the same day',
  },
  '8k.topic.survival': {
    importance: 'CRITICAL',
    when: 'Items 7.01/8.01: going-concern doubt, bankruptcy, a tender offer for the company',
  },
  '8k.reorganized': {
    importance: 'HIGH',
    when: 'Items 5.01/7.01/8.01: a reorganization completed (the plan effective, the company emerges, control passes under the plan)',
  },
  '8k.5.01.control-changed': {
    importance: 'HIGH',
    when: 'Item 5.01, its text read: control of the company changed hands (a closing, a block of shares sold); the agreement for the company to be acquired was the CRITICAL news',
  },
  '8k.topic.material': {
    importance: 'HIGH',
    when: 'Items 7.01/8.01: a recall, an investigation, guidance withdrawn, strategic alternatives, a merger agreement, securities litigation',
  },
  '8k.topic.notable': {
    importance: 'MEDIUM',
    when: 'Items 7.01/8.01: a buyback or a dividend change; Item 1.01: an agreement to buy back a block of its own shares from a holder',
  },
  '8k.topic.other': {
    importance: 'MEDIUM',
    when: 'Item 8.01: other news, nothing on the material list, naming an event the rules cannot weigh (a deal, a lawsuit, a default, a departure ...)',
  },
  '8k.topic.plain': {
    importance: 'LOW',
    when: 'Item 8.01: nothing on the material list and no event named: a routine disclosure',
  },
  '8k.topic.compensation': {
    importance: 'LOW',
    when: 'Items 7.01/8.01: executive pay only (options, awards, perquisites), nothing on the material list',
  },
  '8k.topic.routine': { importance: 'LOW', when: 'Items 7.01/8.01: a presentation, a conference, a routine dividend' },
  '8k.governance.notable': {
    importance: 'MEDIUM',
    when: 'Items 5.03/5.05 (or a 7.01/8.01 that states one): a reverse split or an anti-takeover change',
  },
  '8k.governance.routine': { importance: 'LOW', when: 'Items 5.03/5.05: a bylaw, charter or code change' },
  '8k.4.01.flagged': {
    importance: 'HIGH',
    when: 'Item 4.01: an auditor change with a disagreement or reportable event',
  },
  '8k.4.01.routine': { importance: 'LOW', when: 'Item 4.01: an auditor change without disagreement' },
  '8k.charges': { importance: 'MEDIUM', when: 'Items 2.05/2.06: restructuring or impairment charges' },
  '8k.topic.aside': { importance: 'LOW', when: 'Item 8.01 beside other items, with nothing on the material list' },
  '8k.by-reference': { importance: 'LOW', when: 'An item that only points to another item’s text' },
  '8k.exhibits': { importance: 'LOW', when: 'Item 9.01: exhibits only' },
  '8k.number.critical': {
    importance: 'CRITICAL',
    when: 'No text under the item: its number decides (1.03, 1.05, 4.02, 5.01)',
  },
  '8k.number.high': { importance: 'HIGH', when: 'No text under the item: its number decides' },
  '8k.number.medium': { importance: 'MEDIUM', when: 'No text under the item: its number decides' },
  '8k.number.low': { importance: 'LOW', when: 'No text under the item: its number decides' },
} as const satisfies Record<string, { importance: Importance; when: string }>;

export type ContentRule8k = keyof typeof CONTENT_RULES_8K;
