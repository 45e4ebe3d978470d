import { FilingQuote } from './FilingQuote';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { TickerFiling } from './ticker-types';
import { splitReasons } from '#shared/reason-notes';

type Vote = 'up' | 'down';
const THUMB =
  'M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.4-1L13.2 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z';

export function Thumb({ down }: { down?: boolean }) {
  return (
    <svg
      className="icon"
      width="1.05em"
      height="1.05em"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      style={down ? { transform: 'scale(1, -1)' } : undefined}
    >
      <path d={THUMB} />
    </svg>
  );
}

/** Thumbs up/down on the analysis; clicking the chosen thumb again clears the vote. */
function Feedback({ filingId, initial }: { filingId: number; initial: Vote | null }) {
  const [vote, setVote] = useState<Vote | null>(initial);
  const mutation = trpc.tickerPages.analysisFeedback.useMutation();
  const choose = (next: Vote) => {
    const previous = vote;
    const value = previous === next ? null : next;
    setVote(value);
    mutation.mutate({ filingId, vote: value }, { onError: () => setVote(previous) });
  };
  return (
    <fieldset className="bare-fieldset tp-ai__feedback" aria-label="Was this analysis helpful?">
      <span className="muted">Helpful?</span>
      <button
        type="button"
        className="tp-thumb"
        aria-pressed={vote === 'up'}
        aria-label="Helpful"
        onClick={() => choose('up')}
        disabled={mutation.isPending}
      >
        <Thumb />
      </button>
      <button
        type="button"
        className="tp-thumb"
        aria-pressed={vote === 'down'}
        aria-label="Not helpful"
        onClick={() => choose('down')}
        disabled={mutation.isPending}
      >
        <Thumb down />
      </button>
      {mutation.isSuccess && mutation.data.vote && (
        <span className="tp-ai__thanks" role="status">
          Thanks, noted.
        </span>
      )}
      {mutation.isError && (
        <span className="tp-ai__error" role="alert">
          {errorMessage(mutation.error, 'Your vote was not saved. Please try again.')}
        </span>
      )}
    </fieldset>
  );
}

interface RuleParts {
  whatHappened: string;
  whyThisLevel: string[];
  whatToWatch: string[];
}

const DEGRADED: Record<string, string> = {
  llm_rejected: 'The language model’s text did not pass our fact check, so this is the rule-based analysis.',
  llm_error: 'The language model could not answer just now, so this is the rule-based analysis.',
  llm_budget: 'You have used today’s language-model answers, so this is the rule-based analysis.',
};

interface Shown {
  oneLiner: string;
  summary: string | null;
  /** The reasons for the level, without a caveat among the stored reasons (#shared/reason-notes). */
  reasons: string[];
}

const sameText = (a: string | null, b: string) =>
  a != null && a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * What happened, why this level and what to watch, from our rules (no language model), labelled as
 * such. A part the card above already shows word for word (its quote, its reasons) is not said twice:
 * the rules' "what happened" is often the same quote, and a card that read it out twice was the
 * repetition issue #25 set out to remove. With nothing left to add (and no note to give), no block.
 */
export function RuleAnalysisView({
  rules,
  degraded,
  importance,
  shown,
}: {
  rules: RuleParts;
  degraded?: string;
  importance: string;
  /** What the card itself shows above the analysis. */
  shown: Shown;
}) {
  const whatIsShown = sameText(shown.summary, rules.whatHappened) || sameText(shown.oneLiner, rules.whatHappened);
  const whyIsShown =
    rules.whyThisLevel.length === shown.reasons.length &&
    rules.whyThisLevel.every((reason, i) => sameText(shown.reasons[i] ?? null, reason));
  const note = degraded ? DEGRADED[degraded] : undefined;
  if (whatIsShown && whyIsShown && rules.whatToWatch.length === 0 && !note) return null;
  return (
    <div className="tp-ai tp-ai--rules" data-testid="rule-analysis">
      <p className="tp-ai__title">
        Rule-based analysis <span className="muted tp-ai__model">from our scoring rules, no language model</span>
      </p>
      {note && <p className="muted">{note}</p>}
      <dl className="tp-ai__rules">
        {!whatIsShown && (
          <>
            <dt>What happened</dt>
            <dd>
              <FilingQuote text={rules.whatHappened} />
            </dd>
          </>
        )}
        {!whyIsShown && <ListPart term={`Why ${importance}`} lines={rules.whyThisLevel} />}
        {rules.whatToWatch.length > 0 && <ListPart term="What to watch" lines={rules.whatToWatch} />}
      </dl>
    </div>
  );
}

/** One part of the analysis as a term over a bulleted list. */
function ListPart({ term, lines }: { term: string; lines: string[] }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** The one-liner, quote and reasons FilingCard shows above the analysis (the quote only when it differs from the one-liner). */
export function shownOn(filing: TickerFiling): Shown & { notes: string[] } {
  const summary = filing.summary_text && filing.summary_text !== filing.one_liner ? filing.summary_text : null;
  return { oneLiner: filing.one_liner, summary, ...splitReasons(filing.reasons ?? []) };
}

/** No model configured: the rule-based analysis, fetched when the card shows. */
function RulesOnly({ filing }: { filing: TickerFiling }) {
  const query = trpc.filings.analysis.useQuery({ filingId: filing.id }, { staleTime: Infinity });
  if (query.data)
    return <RuleAnalysisView rules={query.data.rules} importance={filing.importance} shown={shownOn(filing)} />;
  if (query.isError) return <p className="muted">The rule-based analysis could not be loaded.</p>;
  return <p className="muted">Loading the analysis…</p>;
}

/** PRO: the AI analysis (or a button to write it) with feedback; everyone else: a locked teaser. */
export function AnalysisBlock({ filing, aiAvailable }: { filing: TickerFiling; aiAvailable: boolean }) {
  const analysis = filing.analysis;
  const utils = trpc.useUtils();
  const [generated, setGenerated] = useState<{ summary: string; model: string } | null>(null);
  const [byRules, setByRules] = useState<{ rules: RuleParts; degraded?: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (analysis.state === 'locked') {
    return (
      <div className="tp-ai tp-ai--locked">
        <p className="tp-ai__title">
          <Icon name="lock" /> AI analysis <span className="pro-badge pro-badge--sm">PRO</span>
        </p>
        <p className="tp-ai__teaser">
          {analysis.ready
            ? 'A plain-English analysis of this filing is ready: what happened, why it may matter to shareholders, and what to watch next.'
            : 'PRO members get a plain-English explanation of each filing: what happened, why it may matter, and what to watch next.'}
        </p>
        <Link className="btn btn-upgrade btn-sm" to="/upgrade">
          Unlock with PRO
        </Link>
      </div>
    );
  }

  const ready = analysis.state === 'ready' ? analysis : generated ? { ...generated, my_vote: null } : null;
  if (ready) {
    return (
      <div className="tp-ai">
        <p className="tp-ai__title">
          AI analysis <span className="muted tp-ai__model">{ready.model}</span>
        </p>
        <p className="tp-ai__text">{ready.summary}</p>
        <Feedback filingId={filing.id} initial={ready.my_vote} />
      </div>
    );
  }

  if (byRules)
    return (
      <RuleAnalysisView
        rules={byRules.rules}
        degraded={byRules.degraded}
        importance={filing.importance}
        shown={shownOn(filing)}
      />
    );
  if (!aiAvailable) return <RulesOnly filing={filing} />;

  const generate = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await utils.filings.analysis.fetch({ filingId: filing.id });
      if (result.kind === 'rules') setByRules({ rules: result.rules, degraded: result.degraded });
      else setGenerated({ summary: result.summary, model: result.model });
    } catch (e) {
      setError(errorMessage(e, 'The analysis could not be written just now. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="tp-ai tp-ai--empty">
      {aiAvailable ? (
        <>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void generate()} disabled={pending}>
            {pending ? 'Writing the analysis…' : 'Explain this filing with AI'}
          </button>
          {error && (
            <span className="tp-ai__error" role="alert">
              {error}
            </span>
          )}
        </>
      ) : (
        <p className="muted">No AI analysis of this filing yet.</p>
      )}
    </div>
  );
}
