import { COPY } from '../../../src-server/core/copy';
import { currentBrandConfig } from '../../brand/current-brand';
import { Footer } from '../../components/Footer';

/** The watchlist dashboard; with an empty watchlist it is the brand's landing page. */
export default function DashboardPage() {
  const brand = currentBrandConfig();
  return (
    <div className="page">
      <header className="site-header">
        <a className="brand" href="/">
          <span className="brand__logo" aria-hidden="true">{brand.ui.logoText}</span>
          <span className="brand__name">{brand.brandName}</span>
        </a>
      </header>
      <main className="landing">
        <section className="hero">
          <h1>{brand.copy.heroTitle}</h1>
          <p className="hero__tagline">{brand.tagline}</p>
          <p className="hero__subtitle">{brand.copy.heroSubtitle}</p>
          <button type="button" className="btn btn-primary btn-lg">
            {COPY.addFirstTicker}
          </button>
        </section>
        <section className="feature-cards" aria-label="Features">
          {brand.copy.featureCards.map((card) => (
            <article key={card.title} className="feature-card">
              <h2>{card.title}</h2>
              <p>{card.text}</p>
            </article>
          ))}
        </section>
      </main>
      <Footer />
    </div>
  );
}
