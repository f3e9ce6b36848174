import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, Lock } from 'lucide-react';
import { GATED_FEATURES, PLANS, readUpgradeRequired, type GatedFeature } from '@cofounder/shared';
import { btn, card } from './ui.ts';

/**
 * Spec 2 §2 "Restricted-feature page": what the feature does and the plan that opens it (`planName` when the
 * server named one, else the feature's required plan).
 */
export function RestrictedFeature({ feature, planName }: { feature: GatedFeature; planName?: string }) {
  const def = GATED_FEATURES[feature];
  const plan = planName ?? PLANS[def.requiredPlan].name;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
      <section className={`${card} text-center`} aria-labelledby="restricted-heading">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Lock className="size-7" aria-hidden="true" />
        </span>
        <h1
          id="restricted-heading"
          className="mt-4 text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
        >
          Unlock {def.name}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Upgrade to {plan} to access this feature</p>
        <ul className="mx-auto mt-6 max-w-sm space-y-2 text-left text-sm text-slate-700 dark:text-slate-300">
          {def.features.map((f) => (
            <li key={f} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/pricing" className={btn.primary}>
            Upgrade
          </Link>
          <Link to="/dashboard" className={btn.secondary}>
            Return to Dashboard
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * For a gated screen's own calls: the restricted page when `error` is the server gate's 403 upgradeRequired (with
 * the plan it names), otherwise null, e.g. `return restrictedOn('phone', query.error) ?? <Screen />`.
 */
export function restrictedOn(feature: GatedFeature, error: unknown): ReactNode {
  const upgrade = readUpgradeRequired(error);
  return upgrade ? <RestrictedFeature feature={feature} planName={upgrade.planName} /> : null;
}
