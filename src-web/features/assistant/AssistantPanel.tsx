import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import type { Answer } from '../../lib/router-types';
import { AnswerMeta, AnswerText, Feedback } from './AnswerParts';
import { type Turn, useAssistantConversation } from './use-assistant-conversation';
import './assistant.css';

const STARTERS = [
  'What did my watchlist file this week?',
  'Anything CRITICAL or HIGH in my list in the last 30 days?',
  'Any insider selling in my list in the last 90 days?',
];

/** Questions to ask with one click. */
function Suggestions({ questions, busy, ask }: { questions: string[]; busy: boolean; ask: (q: string) => void }) {
  return (
    <fieldset className="bare-fieldset as-suggestions" aria-label="Try asking">
      {questions.map((s) => (
        <button key={s} type="button" className="chip chip--button" onClick={() => ask(s)} disabled={busy}>
          {s}
        </button>
      ))}
    </fieldset>
  );
}

function AssistantAnswer({ answer, busy, ask }: { answer: Answer; busy: boolean; ask: (q: string) => void }) {
  return (
    <div className="as-answer" data-testid="assistant-answer" data-tier={answer.tier} data-intent={answer.intent}>
      {answer.refusal && <p className="as-refusal">Not investment advice</p>}
      <AnswerText text={answer.text} facts={answer.facts} />
      {answer.caveats.length > 0 && (
        <ul className="as-answer__caveats">
          {answer.caveats.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
      {answer.suggestions.length > 0 && <Suggestions questions={answer.suggestions} busy={busy} ask={ask} />}
      <AnswerMeta answer={answer} />
      {answer.messageId != null && <Feedback messageId={answer.messageId} />}
    </div>
  );
}

/** A question and what came back: an error, the text streaming in, or the checked answer. */
function AssistantTurn({ turn: t, busy, ask }: { turn: Turn; busy: boolean; ask: (q: string) => void }) {
  return (
    <li className="as-turn" data-testid="assistant-turn">
      <p className="as-turn__question">
        <Icon name="chat" /> <span className="as-turn__text">{t.question}</span>
      </p>
      {t.error && (
        <p className="as-error" role="alert">
          {t.error}
        </p>
      )}
      {!t.answer && !t.error && (
        <div className="as-answer as-answer--pending">
          {t.streamed ? <AnswerText text={t.streamed} facts={[]} /> : null}
          {t.status && (
            <p className="muted" role="status">
              {t.status}
            </p>
          )}
        </div>
      )}
      {t.answer && <AssistantAnswer answer={t.answer} busy={busy} ask={ask} />}
    </li>
  );
}

/** PRO on the all-filings brand: questions about the watchlist's filings, answered with cited facts. */
export function AssistantPanel() {
  const { turns, busy, ask } = useAssistantConversation();
  const [question, setQuestion] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The newest question's start stays in view as its answer arrives.
  const lastTurn = turns.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a turn starts or its answer lands (not on every streamed word); the effect reads the list's DOM, not these values
  useEffect(() => {
    const el = list.current?.lastElementChild as HTMLElement | null | undefined;
    if (el && list.current) list.current.scrollTop = el.offsetTop - list.current.offsetTop;
  }, [lastTurn?.id, lastTurn?.answer]);

  const askQuestion = (text: string) => {
    if (ask(text)) setQuestion('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    askQuestion(question);
  };

  return (
    <section className="assistant" aria-labelledby="assistant-title">
      <div className="assistant__head">
        <h2 id="assistant-title">Ask about your filings</h2>
        <span className="muted">
          Answers come from the filings we hold, and every fact links to its filing. Not investment advice.
        </span>
      </div>
      <ol className="assistant__turns" aria-live="polite" ref={list}>
        {turns.map((t) => (
          <AssistantTurn key={t.id} turn={t} busy={busy} ask={askQuestion} />
        ))}
      </ol>
      {turns.length === 0 && <Suggestions questions={STARTERS} busy={busy} ask={askQuestion} />}
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
        <p>
          PRO members can ask questions about their watchlist’s filings (insider trades, 8-K events, stakes, deadlines)
          and get answers where every fact links to its filing.
        </p>
      </div>
      <Link to="/upgrade" className="btn btn-upgrade btn-sm">
        Go PRO
      </Link>
    </aside>
  );
}
