import { COPY } from '#shared/copy';
import { formLabel } from '#shared/forms';
import { Icon } from '../../components/Icon';

/** 'NEW_LISTINGS Discovery': PRO users can follow IPOs and new fundraising; others see it locked. */
export function NewListingsBlock({
  pro,
  checked,
  onChange,
}: {
  pro: boolean;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <section className={`discovery${pro ? '' : ' discovery--locked'}`} aria-labelledby="new-listings-title">
      <div className="discovery__head">
        <h3 id="new-listings-title">{COPY.newListingsDiscovery}</h3>
        <span className="pro-badge pro-badge--sm">PRO</span>
      </div>
      <p className="discovery__text">
        {formLabel('NEW_LISTINGS')}: catch a company’s first registration and every new offering.
      </p>
      {pro ? (
        <label className="check">
          <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
          Follow NEW_LISTINGS for these tickers
        </label>
      ) : (
        // Locked: said in words; the upgrade banner below is the form's one way to PRO.
        <p className="discovery__locked">
          <Icon name="lock" /> {COPY.newListingsLocked}
        </p>
      )}
    </section>
  );
}
