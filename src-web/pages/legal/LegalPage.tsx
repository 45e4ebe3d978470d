import type { ReactNode } from 'react';
import { PageShell } from '../../components/PageShell';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Plain-text legal pages: a title, an intro and numbered sections with a table of contents. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const anchor = (i: number) => `section-${i + 1}`;
  return (
    <PageShell className="content-page legal">
      <header className="page-intro">
        <h1>{title}</h1>
        <p>{intro}</p>
      </header>
      <nav className="legal__toc" aria-label="Contents">
        <ol>
          {sections.map((section, i) => (
            <li key={section.title}>
              <a href={`#${anchor(i)}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section key={section.title} id={anchor(i)} className="legal__section">
          <h2>
            {i + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </PageShell>
  );
}
