import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import type { Answer, Fact } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';
import { Thumb } from '../ticker-page/AnalysisBlock';
import { answerPieces } from './answer-text';

function sourcesOf(facts: Fact[]): Map<string, Fact['source']> {
  const map = new Map<string, Fact['source']>();
  for (const f of facts) if (!map.has(f.source.accessionNo)) map.set(f.source.accessionNo, f.source);
  return map;
}

function Citation({
  accessionNo,
  item,
  source,
}: {
  accessionNo: string;
  item: string | null;
  source: Fact['source'] | undefined;
}) {
  const label = `${source?.form ?? 'Filing'} ${accessionNo}${item ? ` · Item ${item}` : ''}`;
  return (
    <span className="as-cite">
      {source?.viewUrl ? (
        <Link to={source.viewUrl} className="as-cite__link" data-accession={accessionNo}>
          {label}
        </Link>
      ) : source?.url ? (
        <a href={source.url} target="_blank" rel="noreferrer" className="as-cite__link" data-accession={accessionNo}>
          {label}
          <span className="visually-hidden"> on SEC.gov (opens in a new tab)</span>
        </a>
      ) : (
        <span className="as-cite__label">{label}</span>
      )}
      {source?.url && source.viewUrl && (
        <a
          href={source.url}
          target="_blank"
          rel="noreferrer"
          className="as-cite__sec"
          aria-label={`${label} on SEC.gov (opens in a new tab)`}
        >
          SEC
        </a>
      )}
    </span>
  );
}

function AnswerPiece({
  piece,
  sources,
}: {
  piece: ReturnType<typeof answerPieces>[number];
  sources: Map<string, Fact['source']>;
}) {
  if (piece.kind === 'text') return <span>{piece.text}</span>;
  return <Citation accessionNo={piece.accessionNo} item={piece.item} source={sources.get(piece.accessionNo)} />;
}

export function AnswerText({ text, facts }: { text: string; facts: Fact[] }) {
  const sources = sourcesOf(facts);
  return (
    <div className="as-answer__text">
      {text
        .split('\n')
        .filter((line) => line.trim())
        .map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one answer's text, rendered in order; they never reorder
          <p key={i}>
            {answerPieces(line).map((piece, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one line, rendered in order; they never reorder
              <AnswerPiece key={j} piece={piece} sources={sources} />
            ))}
          </p>
        ))}
    </div>
  );
}

export function Feedback({ messageId }: { messageId: number }) {
  const [vote, setVote] = useState<'up' | 'down' | null>(null);
  const [comment, setComment] = useState('');
  const rate = trpc.assistant.rate.useMutation();
  const send = (next: 'up' | 'down', withComment = false) => {
    setVote(next);
    rate.mutate({ messageId, vote: next, comment: withComment ? comment : null });
  };
  return (
    <div className="as-feedback">
      <fieldset aria-label="Was this answer helpful?" className="bare-fieldset as-feedback__thumbs">
        <span className="muted">Helpful?</span>
        <button
          type="button"
          className="tp-thumb"
          aria-pressed={vote === 'up'}
          aria-label="Helpful"
          onClick={() => send('up')}
        >
          <Thumb />
        </button>
        <button
          type="button"
          className="tp-thumb"
          aria-pressed={vote === 'down'}
          aria-label="Not helpful"
          onClick={() => send('down')}
        >
          <Thumb down />
        </button>
        {rate.isSuccess && (
          <span role="status" className="muted">
            Thanks, noted.
          </span>
        )}
        {rate.isError && (
          <span role="alert" className="as-error">
            {errorMessage(rate.error, 'Your vote was not saved.')}
          </span>
        )}
      </fieldset>
      {vote === 'down' && (
        <form
          className="as-feedback__comment"
          onSubmit={(e) => {
            e.preventDefault();
            send('down', true);
          }}
        >
          <label className="visually-hidden" htmlFor={`as-comment-${messageId}`}>
            What was wrong?
          </label>
          <input
            id={`as-comment-${messageId}`}
            value={comment}
            maxLength={1000}
            onChange={(e) => setComment(e.target.value)}
            placeholder="What was wrong? (optional)"
          />
          <button type="submit" className="btn btn-secondary btn-sm">
            Send
          </button>
        </form>
      )}
    </div>
  );
}

export function AnswerMeta({ answer }: { answer: Answer }) {
  const c = answer.coverage;
  const window =
    c.from && c.to ? `${c.from} to ${c.to}` : c.from ? `since ${c.from}` : c.to ? `until ${c.to}` : 'all dates';
  return (
    <div className="as-answer__meta">
      <span className={`as-tier as-tier--${answer.tier}`}>
        {answer.tier === 1 ? 'AI answer, fact-checked' : 'Rule-based answer'}
      </span>
      <span className="muted">
        {answer.asOf ? `Data as of ${answer.asOf.slice(0, 16).replace('T', ' ')} UTC` : 'No filings stored yet'}
        {c.filingsScanned > 0 || c.tickers.length > 0
          ? ` · scanned ${c.filingsScanned} filing${c.filingsScanned === 1 ? '' : 's'}${c.tickers.length ? ` for ${c.tickers.join(', ')}` : ''}, ${window}`
          : ''}
      </span>
    </div>
  );
}
