import { z } from 'zod';
import { restTable } from '../../transport/rest/plugin';
import { userDto } from '../../transport/rest/response-schemas';
import type { RestCall } from '../../transport/rest/table';
import * as schemas from './billing.schemas';

const plan = z.looseObject({
  planType: z.string(),
  planStatus: z.string(),
  isPro: z.boolean(),
  billingStatus: z.string(),
  billingIssue: z.boolean(),
  planPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  planCancelAt: z.string().nullable(),
  addonPacks: z.number(),
  pendingAddonPacks: z.number().nullable(),
  tickerLimit: z.number(),
});
const url = z.object({
  url: z.string().describe("Stripe's page (Checkout or Customer Portal) to send the browser to"),
});
const cancelResult = z.looseObject({
  canceled: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  planPeriodEnd: z.string().nullable(),
  user: userDto,
  plan,
});
const noInput = () => undefined;

/** /api billing paths: rows over the web app's billing.* procedures. */
const BILLING_CALLS: RestCall[] = [
  {
    method: 'GET',
    path: '/billing',
    procedure: 'billing.status',
    tag: 'billing',
    summary: 'Plan, period end, scheduled end, add-on packs, limits, and whether checkout is offered here',
    session: 'required',
    input: noInput,
    response: plan,
    errors: [401],
  },
  {
    method: 'POST',
    path: '/billing/checkout',
    procedure: 'billing.startCheckout',
    tag: 'billing',
    summary: 'Start a Stripe Checkout Session for PRO (+ packs) for a verified account: { url }',
    body: schemas.rest.checkout,
    session: 'required',
    response: url,
    errors: [400, 401, 403, 409],
  },
  {
    method: 'GET',
    path: '/billing/checkout/confirm',
    procedure: 'billing.confirmCheckout',
    tag: 'billing',
    summary: "Back from Checkout: syncs the caller's subscription from Stripe; PRO only if Stripe says so",
    query: schemas.rest.confirmQuery,
    session: 'required',
    input: ({ query }) => ({ sessionId: query.session_id }),
    response: z.looseObject({
      status: z.enum(['active', 'action_required', 'open', 'pending']),
      actionUrl: z.string().nullable(),
      user: userDto,
      plan,
    }),
    errors: [400, 401, 403, 404],
  },
  {
    method: 'POST',
    path: '/billing/portal',
    procedure: 'billing.portal',
    tag: 'billing',
    summary: "Open Stripe's Customer Portal (card, invoices, cancel at period end): { url }",
    body: schemas.rest.portal,
    session: 'required',
    input: ({ rawBody }) => (rawBody && Object.keys(rawBody).length > 0 ? rawBody : undefined),
    response: url,
    errors: [401, 403, 409],
  },
  {
    method: 'GET',
    path: '/billing/addons/preview',
    procedure: 'billing.previewAddons',
    tag: 'billing',
    summary: 'The prorated charge (increase) or credit (decrease) of changing to `packs` add-on packs',
    query: schemas.rest.previewQuery,
    session: 'required',
    input: ({ query }) => ({ packs: query.packs }),
    response: z.looseObject({
      currentPacks: z.number(),
      packs: z.number(),
      direction: z.string(),
      amountDueNow: z.number(),
      credit: z.number(),
      tickerLimit: z.number(),
    }),
    errors: [400, 401, 403, 409],
  },
  {
    method: 'POST',
    path: '/billing/addons',
    procedure: 'billing.setAddons',
    tag: 'billing',
    summary:
      'Set the add-on packs: an increase is invoiced now and applies when paid; a decrease credits the next invoice',
    body: schemas.rest.addons,
    session: 'required',
    response: z.looseObject({
      status: z.enum(['applied', 'payment_pending', 'unchanged']),
      addonPacks: z.number(),
      tickerLimit: z.number(),
      user: userDto,
    }),
    errors: [400, 401, 403, 409],
  },
  {
    method: 'POST',
    path: '/cancel-subscription',
    procedure: 'billing.cancel',
    tag: 'billing',
    summary: 'Cancel at the end of the paid period: PRO stays until then ("PRO until ..."), Resume undoes it',
    body: schemas.rest.sessionOnly,
    session: 'required',
    input: noInput,
    response: cancelResult,
    errors: [401, 403, 409],
  },
  {
    method: 'POST',
    path: '/resume-subscription',
    procedure: 'billing.resume',
    tag: 'billing',
    summary: 'Undo a scheduled cancellation before the period ends',
    body: schemas.rest.sessionOnly,
    session: 'required',
    input: noInput,
    response: cancelResult,
    errors: [401, 403, 409],
  },
];

export const billingRest = restTable(BILLING_CALLS);
