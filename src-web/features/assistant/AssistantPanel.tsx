import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Answer, AssistantEvent, Fact } from '../../lib/router-types';
import { Icon } from '../../components/Icon';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Thumb } from '../ticker-page/AnalysisBlock';
import { answerPieces } from './answer-text';
import './assistant.css';

interface Turn {
  id: number;
  question: string;
  status: string | null;
  streamed: string;
  answer: Answer | null;
  error: string | null;
}

const STARTERS = ['What did my watchlist file this week?', 'Anything CRITICAL or HIGH in my list in the last 30 days?', 'Any insider selling in my list in the last 90 days?'];

function sourcesOf(facts: Fact[]): Map<string, Fact['source']> {
  const map = new Map<string, Fact['source']>();
  for (const f of facts) if (!map.has(f.source.accessionNo)) map.set(f.source.accessionNo, f.source);
  return map;
}

function Citation({ accessionNo, item, source }: { accessionNo: string; item: string | null; source: Fact['source'] | undefined }) {
  const label = `${source?.form ?? 'Filing'} ${accessionNo}${item ? ` · Item ${item}` : ''}`;
  return (
    <span className="as-cite">
      {source?.viewUrl ? (
        <Link to={source.viewUrl} className="as-cite__link" data-accession={accessionNo}>
          {label}
        </Link>
      ) : (
        <span className="as-cite__label">{label}</span>
      )}
      {source?.url && (
        <a href={source.url} target="_blank" rel="noreferrer" className="as-cite__sec" aria-label={`${label} on SEC.gov (opens in a new tab)`}>
          SEC
        </a>
      )}
    </span>
  );
}

function AnswerText({ text, facts }: { text: string; facts: Fact[] }) {
  const sources = sourcesOf(facts);
  return (
    <div className="as-answer__text">
      {text
        .split('\n')
        .filter((line) => line.trim())
        .map((line, i) => (
          <p key={i}>
            {answerPieces(line).map((piece, j) =>
              piece.kind === 'text' ? <span key={j}>{piece.text}</span> : <Citation key={j} accessionNo={piece.accessionNo} item={piece.item} source={sources.get(piece.accessionNo)} />,
            )}
          </p>
        ))}
    </div>
  );
}

function Feedback({ messageId }: { messageId: number }) {
  const [vote, setVote] = useState<'up' | 'down' | null>(null);
  const [comment, setComment] = useState('');
  const rate = trpc.assistant.rate.useMutation();
  const send = (next: 'up' | 'down', withComment = false) => {
    setVote(next);
    rate.mutate({ messageId, vote: next, comment: withComment ? comment : null });
  };
  return (
    <div className="as-feedback">
      <div role="group" aria-label="Was this answer helpful?" className="as-feedback__thumbs">
        <span className="muted">Helpful?</span>
        <button type="button" className="tp-thumb" aria-pressed={vote === 'up'} aria-label="Helpful" onClick={() => send('up')}>
          <Thumb />
        </button>
        <button type="button" className="tp-thumb" aria-pressed={vote === 'down'} aria-label="Not helpful" onClick={() => send('down')}>
          <Thumb down />
        </button>
        {rate.isSuccess && <span role="status" className="muted">Thanks, noted.</span>}
        {rate.isError && <span role="alert" className="as-error">{errorMessage(rate.error, 'Your vote was not saved.')}</span>}
      </div>
      {vote === 'down' && (
        <form
          className="as-feedback__comment"
          onSubmit={(e) => {
            e.preventDefault();
            send('down', true);
          }}
        >
          <label className="visually-hidden" htmlFor={`as-comment-${messageId}`}>What was wrong?</label>
          <input id={`as-comment-${messageId}`} value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} placeholder="What was wrong? (optional)" />
          <button type="submit" className="btn btn-secondary btn-sm">Send</button>
        </form>
      )}
    </div>
  );
}

function AnswerMeta({ answer }: { answer: Answer }) {
  const c = answer.coverage;
  const window = c.from && c.to ? `${c.from} to ${c.to}` : c.from ? `since ${c.from}` : c.to ? `until ${c.to}` : 'all dates';
  return (
    <div className="as-answer__meta">
      <span className={`as-tier as-tier--${answer.tier}`}>{answer.tier === 1 ? 'AI answer, fact-checked' : 'Rule-based answer'}</span>
      <span className="muted">
        {answer.asOf ? `Data as of ${answer.asOf.slice(0, 16).replace('T', ' ')} UTC` : 'No filings stored yet'}
        {c.filingsScanned > 0 || c.tickers.length > 0 ? ` · scanned ${c.filingsScanned} filing${c.filingsScanned === 1 ? '' : 's'}${c.tickers.length ? ` for ${c.tickers.join(', ')}` : ''}, ${window}` : ''}
      </span>
    </div>
  );
}

/** PRO on the all-filings brand: questions about the watchlist's filings, answered with cited facts. */
export function AssistantPanel() {
  const utils = trpc.useUtils();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextId = useRef(1);
  const list = useRef<HTMLOListElement>(null);
  // The newest question's start stays in view as its answer arrives.
  const lastTurn = turns.at(-1);
  useEffect(() => {
    const el = list.current?.lastElementChild as HTMLElement | null | undefined;
    if (el && list.current) list.current.scrollTop = el.offsetTop - list.current.offsetTop;
  }, [lastTurn?.id, lastTurn?.answer]);

  const update = (id: number, patch: (t: Turn) => Partial<Turn>) => setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)));

  const askQuestion = (text: string) => {
    const q = text.trim();
    if (!q || busy) return;
    const id = nextId.current++;
    setTurns((all) => [...all, { id, question: q, status: 'Sending…', streamed: '', answer: null, error: null }]);
    setQuestion('');
    setBusy(true);
    const sub = utils.client.assistant.ask.subscribe(
      { question: q, conversationId },
      {
        onData: (event) => {
          const e = event as AssistantEvent;
          if (e.type === 'status') update(id, () => ({ status: e.status }));
          else if (e.type === 'delta') update(id, (t) => ({ streamed: t.streamed + e.text }));
          else {
            update(id, () => ({ answer: e.answer, status: null }));
            if (e.answer.conversationId) setConversationId(e.answer.conversationId);
            setBusy(false);
            sub.unsubscribe();
          }
        },
        onError: (error) => {
          update(id, () => ({ error: errorMessage(error, 'The assistant could not answer just now. Please try again.'), status: null }));
          setBusy(false);
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    askQuestion(question);
  };

  return (
    <section className="assistant" aria-labelledby="assistant-title">
      <div className="assistant__head">
        <h2 id="assistant-title">Ask about your filings</h2>
        <span className="muted">Answers come from the filings we hold, and every fact links to its filing. Not investment advice.</span>
      </div>
      <ol className="assistant__turns" aria-live="polite" ref={list}>
        {turns.map((t) => (
          <li key={t.id} className="as-turn" data-testid="assistant-turn">
            <p className="as-turn__question">
              <Icon name="chat" /> {t.question}
            </p>
            {t.error && <p className="as-error" role="alert">{t.error}</p>}
            {!t.answer && !t.error && (
              <div className="as-answer as-answer--pending">
                {t.streamed ? <AnswerText text={t.streamed} facts={[]} /> : null}
                {t.status && <p className="muted" role="status">{t.status}</p>}
              </div>
            )}
            {t.answer && (
              <div className="as-answer" data-testid="assistant-answer" data-tier={t.answer.tier} data-intent={t.answer.intent}>
                {t.answer.refusal && <p className="as-refusal">Not investment advice</p>}
                <AnswerText text={t.answer.text} facts={t.answer.facts} />
                {t.answer.caveats.length > 0 && (
                  <ul className="as-answer__caveats">
                    {t.answer.caveats.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                )}
                {t.answer.suggestions.length > 0 && (
                  <div className="as-suggestions" role="group" aria-label="Try asking">
                    {t.answer.suggestions.map((s) => (
                      <button key={s} type="button" className="chip chip--button" onClick={() => askQuestion(s)} disabled={busy}>
                        {s}
                      </button>
                    ))}
                  </div>
                )}
                <AnswerMeta answer={t.answer} />
                {t.answer.messageId != null && <Feedback messageId={t.answer.messageId} />}
              </div>
            )}
          </li>
        ))}
      </ol>
      {turns.length === 0 && (
        <div className="as-suggestions" role="group" aria-label="Try asking">
          {STARTERS.map((s) => (
            <button key={s} type="button" className="chip chip--button" onClick={() => askQuestion(s)} disabled={busy}>
              {s}
            </button>
          ))}
        </div>
      )}
      <form className="assistant__form" onSubmit={submit}>
        <label htmlFor="assistant-question" className="visually-hidden">
          Your question
        </label>
        <input
          id="assistant-question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          maxLength={500}
          placeholder="e.g. Did TSLA report a CEO change this year?"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !question.trim()}>
          {busy ? 'Answering…' : 'Ask'}
        </button>
      </form>
    </section>
  );
}

/** Free users on the all-filings brand: what the assistant does and the way to it. */
export function AssistantUpsell() {
  return (
    <aside className="realtime-upsell assistant-upsell" aria-labelledby="assistant-upsell-title">
      <span className="realtime-upsell__icon" aria-hidden="true">
        <Icon name="lock" size="1.6rem" />
      </span>
      <div>
        <h3 id="assistant-upsell-title">Ask about your filings</h3>
        <p>PRO members can ask questions about their watchlist’s filings (insider trades, 8-K events, stakes, deadlines) and get answers where every fact links to its filing.</p>
      </div>
      <Link to="/upgrade" className="btn btn-upgrade btn-sm">
        Go PRO
      </Link>
    </aside>
  );
}
