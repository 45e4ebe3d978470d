import type { planFeatures } from './plan-facts';

type Plan = ReturnType<typeof planFeatures>['pro'];

/** A plan's price line and feature list (pricing and upgrade pages). */
export function PlanDetails({ plan }: { plan: Plan }) {
  return (
    <>
      <p className="plan-card__price">
        <span className="plan-card__amount">{plan.price}</span> <span className="plan-card__period">{plan.period}</span>
      </p>
      <ul className="check-list">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </>
  );
}
