-- The shared EDGAR request budget (integrations/edgar/request-budget.ts): one row, locked per
-- take, holding the grant instants of the last 1.1 seconds. A take is granted while fewer than
-- p_allowed went out in the last 1.1 s and no pause is on; otherwise it says how long to wait.
-- The extra 100 ms absorbs network jitter between the grant and the request's arrival at SEC, so
-- no one-second window at SEC's end sees more than p_allowed.
-- p_offset_ms shifts the database clock to the caller's (0 in production; the simulated-day
-- benchmark runs on a simulated clock).
insert into edgar_budget (id) values (1) on conflict do nothing;
--> statement-breakpoint
create or replace function edgar_budget_take(p_allowed int, p_offset_ms float8)
returns table (granted boolean, wait_ms float8, paused_until_ms float8, pause_reason text, granted_at_ms float8)
language plpgsql as $$
declare
  r edgar_budget;
  t timestamptz;
  win timestamptz[];
begin
  select * into r from edgar_budget where id = 1 for update;
  if not found then
    insert into edgar_budget (id) values (1) on conflict do nothing;
    select * into r from edgar_budget where id = 1 for update;
  end if;
  -- Read after the lock: a grant appended by the previous holder is never later than this one.
  t := clock_timestamp() + make_interval(secs => p_offset_ms / 1000);
  if r.paused_until is not null and r.paused_until > t then
    return query select false, (extract(epoch from r.paused_until - t) * 1000)::float8,
      (extract(epoch from r.paused_until) * 1000)::float8, r.pause_reason, null::float8;
    return;
  end if;
  select coalesce(array_agg(x order by x), '{}') into win from unnest(r.recent) x where x > t - interval '1100 milliseconds';
  if cardinality(win) < p_allowed then
    update edgar_budget set recent = win || t where id = 1;
    return query select true, 0::float8, null::float8, null::text, (extract(epoch from t) * 1000)::float8;
    return;
  end if;
  -- The oldest grants must leave the window until fewer than p_allowed remain (+1 ms margin).
  return query select false,
    (extract(epoch from (win[cardinality(win) - p_allowed + 1] + interval '1100 milliseconds') - t) * 1000 + 1)::float8,
    null::float8, null::text, null::float8;
end $$;
--> statement-breakpoint
-- Receipts of filings detected before detected_via existed.
update filings set detected_via = case source when 'backfill' then 'backfill' when 'manual' then 'manual' else 'feed' end
where detected_at is not null and detected_via is null;
