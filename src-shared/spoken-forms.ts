/** EDGAR form names as people say them in a sentence: "a Form 4", "an 8-K", "a Schedule 13D/A". */

export function formName(form: string): string {
  const f = form.trim().toUpperCase();
  if (/^\d+(\/A)?$/.test(f) || f === '144' || f === '144/A') return `Form ${f}`;
  if (/^D(\/A)?$/.test(f)) return `Form ${f}`;
  const schedule = /^(?:SC|SCHEDULE) (13[DG](?:\/A)?)$/.exec(f);
  if (schedule) return `Schedule ${schedule[1]}`;
  return f;
}

/** "a" or "an" by how the name is spoken: an 8-K, an S-1, an NT 10-K, a Form 4, a 10-Q. */
export function withArticle(name: string): string {
  const spoken = /^(8|11|18|S-|F-|N|SD|A\b|E|I|O|R|L|M|X)/i.test(name) && !/^(NO)/i.test(name);
  return `${spoken ? 'an' : 'a'} ${name}`;
}

export const aForm = (form: string) => withArticle(formName(form));
