import { useEffect, useState, type FormEvent } from 'react';
import { Loading } from '../../../components/Loading';
import { ErrorBox, SuccessBox } from '../../../components/Notice';
import { checkTheme, THEME_LIMITS, type BrandTheme } from '#shared/brand-theme';
import { BRAND_IDS, type BrandId } from '#shared/brands';
import { THEME_SURFACES } from '#shared/contrast';
import { trpc } from '../../../lib/trpc';

/**
 * /admin/theme: a brand's name, tagline, colours and logo text with a live preview. The same
 * contrast check the server applies (core/brand-theme.ts) runs as you type; Save waits for it.
 */
export default function ThemeSection() {
  const utils = trpc.useUtils();
  const themes = trpc.admin.theme.list.useQuery();
  const save = trpc.admin.theme.save.useMutation({ onSuccess: () => utils.admin.theme.list.invalidate() });
  const reset = trpc.admin.theme.reset.useMutation({ onSuccess: () => utils.admin.theme.list.invalidate() });
  const [brand, setBrand] = useState<BrandId>(BRAND_IDS[0]);
  const current = themes.data?.find((t) => t.brand === brand);
  const [draft, setDraft] = useState<BrandTheme | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => setDraft(current ? current.theme : null), [current]);
  if (themes.isLoading || !draft || !current) return <Loading />;
  if (themes.isError) return <ErrorBox>{themes.error.message}</ErrorBox>;
  const verdict = checkTheme(draft);
  const set = (key: keyof BrandTheme) => (e: { target: { value: string } }) => {
    setSaved(null);
    setDraft({ ...draft, [key]: e.target.value });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.mutateAsync({ brand, ...draft }).catch(() => null);
    if (result) setSaved(`${result.theme.brandName} saved. Visitors get it on their next page load.`);
  };
  return (
    <div className="admin-section admin-theme">
      <label className="select-field">
        <span>Brand</span>
        <select
          className="input"
          value={brand}
          onChange={(e) => {
            setSaved(null);
            setBrand(e.target.value as BrandId);
          }}
        >
          {themes.data!.map((t) => (
            <option key={t.brand} value={t.brand}>
              {t.defaults.brandName} ({t.stored ? 'edited' : 'default'})
            </option>
          ))}
        </select>
      </label>
      <div className="admin-theme__grid">
        <form onSubmit={(e) => void submit(e)} className="admin-theme__form">
          <label className="select-field">
            <span>Name</span>
            <input
              className="input"
              value={draft.brandName}
              maxLength={THEME_LIMITS.brandName}
              onChange={set('brandName')}
            />
          </label>
          <label className="select-field">
            <span>Tagline</span>
            <textarea
              className="input"
              rows={2}
              value={draft.tagline}
              maxLength={THEME_LIMITS.tagline}
              onChange={set('tagline')}
            />
          </label>
          <label className="select-field">
            <span>Logo text</span>
            <input
              className="input"
              value={draft.logoText}
              maxLength={THEME_LIMITS.logoText}
              onChange={set('logoText')}
            />
          </label>
          {(['primaryColor', 'accentColor'] as const).map((key) => (
            <label key={key} className="select-field">
              <span>{key === 'primaryColor' ? 'Primary colour' : 'Accent colour'}</span>
              <span className="admin-theme__colour">
                <input
                  type="color"
                  aria-label={`${key === 'primaryColor' ? 'Primary' : 'Accent'} colour picker`}
                  value={/^#[0-9a-f]{6}$/i.test(draft[key]) ? draft[key] : '#000000'}
                  onChange={set(key)}
                />
                <input
                  className="input"
                  aria-label={`${key === 'primaryColor' ? 'Primary' : 'Accent'} colour (hex)`}
                  value={draft[key]}
                  onChange={set(key)}
                />
              </span>
            </label>
          ))}
          <table className="admin-table">
            <caption>Contrast (WCAG AA needs 4.5:1)</caption>
            <tbody>
              {verdict.contrast.map((c) => (
                <tr key={c.label}>
                  <th scope="row">{c.label}</th>
                  <td className="num">{c.ratio.toFixed(2)}:1</td>
                  <td>{c.passes ? 'Passes' : 'Too low'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {verdict.problems.length > 0 ? (
            <ul className="error-box" aria-live="polite">
              {verdict.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          <div className="admin-actions">
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={verdict.problems.length > 0 || save.isPending}
            >
              Save theme
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDraft(current.defaults)}>
              Use the default values
            </button>
            {current.stored ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void reset.mutateAsync({ brand }).then(() => setSaved('Back to the default theme.'))}
              >
                Remove the stored theme
              </button>
            ) : null}
          </div>
          <SuccessBox>{saved}</SuccessBox>
          <ErrorBox>{(save.error ?? reset.error)?.message}</ErrorBox>
        </form>
        <Preview theme={draft} />
      </div>
    </div>
  );
}

/** The brand's header, a primary button and links on both themes, drawn with the draft colours. */
function Preview({ theme }: { theme: BrandTheme }) {
  return (
    <figure className="admin-theme__preview" aria-label="Live preview">
      <div className="admin-theme__header">
        <span className="admin-theme__logo" style={{ background: theme.primaryColor, color: THEME_SURFACES.onBrand }}>
          {theme.logoText}
        </span>
        <strong>{theme.brandName}</strong>
      </div>
      <p>{theme.tagline}</p>
      <button
        type="button"
        className="btn"
        style={{ background: theme.primaryColor, color: THEME_SURFACES.onBrand }}
        tabIndex={-1}
      >
        Start free
      </button>
      <p style={{ background: THEME_SURFACES.light, padding: '0.5rem' }}>
        <span style={{ color: theme.primaryColor, textDecoration: 'underline' }}>A link on the light theme</span>
      </p>
      <p style={{ background: THEME_SURFACES.dark, padding: '0.5rem' }}>
        <span style={{ color: theme.accentColor, textDecoration: 'underline' }}>A link on the dark theme</span>
      </p>
      <figcaption className="muted">Preview only: nothing changes for visitors until you save.</figcaption>
    </figure>
  );
}
