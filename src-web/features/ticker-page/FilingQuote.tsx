/**
 * A summary that quotes the filing's own words ("Item 5.02, as filed: “...”", issue #25) shows as a
 * quotation with its item number; any other summary stays plain text.
 */
const QUOTED = /^Item (\d{1,2}\.\d{2}), as filed: “([\s\S]+)”$/;

export function FilingQuote({ text, className }: { text: string; className?: string }) {
  const m = QUOTED.exec(text.trim());
  if (!m) return <p className={className}>{text}</p>;
  return (
    <figure className={`tp-quote${className ? ` ${className}` : ''}`}>
      <blockquote>
        <p>{m[2]}</p>
      </blockquote>
      <figcaption className="muted">From the filing, Item {m[1]}</figcaption>
    </figure>
  );
}
