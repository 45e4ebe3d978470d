import { filingQuote } from '#shared/filing-quote';

/**
 * A summary that quotes the filing's own words (issue #25) shows as a quotation with its item number; any other
 * summary stays plain text.
 */
export function FilingQuote({ text, className }: { text: string; className?: string }) {
  const quote = filingQuote(text);
  if (!quote) return <p className={className}>{text}</p>;
  return (
    <figure className={`tp-quote${className ? ` ${className}` : ''}`}>
      <blockquote>
        <p>{quote.words}</p>
      </blockquote>
      <figcaption className="muted">From the filing, Item {quote.item}</figcaption>
    </figure>
  );
}
