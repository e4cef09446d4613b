-- The drain: what confirms, retries, digests and alerts, every 30 seconds (pg_cron, 90_jobs.sql).
--
-- Alerts come early: capacity refusals (counted by a sequence, 23_storage_budget.sql) are
-- alerted within 30 seconds, then at most once per window length; reaching 80% and 100% of the
-- storage budget is alerted once each, and again only after usage fell back under 70%. Without
-- pg_cron, `select private.notify_drain();` runs it by hand.

-- Reads pg_net's answers (2xx: delivered; the row is marked announced, the digest delivered;
-- anything else, or no answer after 5 minutes: retried after notify_backoff), takes the next
-- digest, raises the job's alerts, and posts what is due. While the function fails, each run
-- tries the 5 entries that are next due, due yet or not (whatever their backoff, so a recovery is
-- noticed at the next run however long the outage); its first success makes every waiting entry
-- due at once and takes a catch-up digest of the open window too, so everything the team missed
-- goes out within two runs after the function recovers. Returns what it did, also kept in
-- private.notify_state for public.form_health().
create function private.notify_drain()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  state private.notify_state;
  window_length interval;
  endpoint record;
  answer record;
  entry private.notify_outbox;
  digest bigint;
  refusals bigint;
  cap_mb integer;
  used bigint;
  storage_level integer;
  confirmed integer := 0;
  failed integer := 0;
  posted integer := 0;
  dropped integer := 0;
  alerts integer := 0;
  latest_ok boolean;
  latest_at timestamptz;
  recovered boolean := false;
  result jsonb;
  -- The clock when the drain starts, not when its transaction did: the half-minute job waits 30 s first.
  drain_at constant timestamptz := clock_timestamp();
begin
  -- One drain at a time (the job and a hand-made call).
  if not pg_try_advisory_xact_lock(hashtext('private.notify_drain')) then
    return jsonb_build_object('skipped', 'another drain is running');
  end if;
  select * into state from private.notify_state for update;
  select l.window_length into window_length from private.form_limits l where l.name = 'notifications';

  -- Capacity refusals since the last look: one alert per notification window's length.
  select case when s.is_called then s.last_value else 0 end into refusals from private.form_capacity_refusals s;
  if refusals > state.refusals_seen
     and (state.refusals_alerted_at is null or state.refusals_alerted_at <= drain_at - window_length) then
    perform private.notify_enqueue('alert:refused:' || refusals, 'alert', private.notify_alert_body(jsonb_build_object(
      'kind', 'refused', 'at', drain_at, 'refused', refusals - state.refusals_seen)));
    state.refusals_seen := refusals;
    state.refusals_alerted_at := drain_at;
    alerts := alerts + 1;
  end if;

  -- The storage budget: 80% and 100% alerted once each, again after usage fell 10 points below.
  select l.max_rows into cap_mb from private.form_limits l where l.name = 'storage_mb';
  used := private.form_storage_bytes();
  storage_level := case when used >= cap_mb::bigint * 1048576 then 100 when used * 5 >= cap_mb::bigint * 1048576 * 4 then 80 else 0 end;
  if storage_level > state.storage_alerted then
    perform private.notify_enqueue(format('alert:storage:%s:%s', storage_level, private.notify_key_time(drain_at)), 'alert', private.notify_alert_body(jsonb_build_object(
      'kind', 'storage', 'at', drain_at, 'percent', storage_level, 'used_bytes', used, 'budget_bytes', cap_mb::bigint * 1048576)));
    alerts := alerts + 1;
  end if;
  state.storage_alerted := case
    when storage_level > state.storage_alerted then storage_level
    when used * 10 < cap_mb::bigint * 1048576 * 7 then 0
    when state.storage_alerted = 100 and used * 10 < cap_mb::bigint * 1048576 * 9 then 80
    else state.storage_alerted end;

  -- pg_net's answers to the attempts in flight.
  if to_regclass('net._http_response') is not null then
    for entry in select * from private.notify_outbox o where o.request_id is not null order by o.sent_at for update loop
      execute 'select r.status_code, r.timed_out, r.error_msg, r.content, r.created from net._http_response r where r.id = $1'
        into answer using entry.request_id;
      if answer.created is null and entry.sent_at > drain_at - interval '5 minutes' then
        continue;
      end if;
      if answer.created is not null and answer.status_code between 200 and 299 then
        update private.notify_outbox o set delivered_at = drain_at, request_id = null, last_status = answer.status_code, last_error = null
          where o.id = entry.id;
        if entry.kind = 'row' then
          execute format('update public.%I t set announced_at = $2 where t.id = $1 and t.announced_at is null', entry.table_name)
            using entry.row_id, drain_at;
        elsif entry.kind = 'digest' then
          update private.notify_digests d set delivered_at = drain_at where d.id = entry.digest_id and d.delivered_at is null;
        end if;
        confirmed := confirmed + 1;
      else
        update private.notify_outbox o set request_id = null, last_status = answer.status_code,
            last_error = case
              when answer.created is null then 'no answer recorded within 5 minutes'
              when answer.timed_out then 'timed out'
              when answer.status_code is null then coalesce(answer.error_msg, 'no answer')
              else format('HTTP %s: %s', answer.status_code, left(coalesce(answer.content, ''), 200)) end,
            next_attempt_at = drain_at + private.notify_backoff(o.attempts)
          where o.id = entry.id;
        failed := failed + 1;
      end if;
      if answer.created is not null and (latest_at is null or answer.created >= latest_at) then
        latest_at := answer.created;
        latest_ok := answer.status_code between 200 and 299;
      end if;
    end loop;
  end if;
  if latest_ok is not null then
    if latest_ok and state.endpoint_failing then
      -- Recovered: whatever waited for a later attempt is due now.
      recovered := true;
      update private.notify_outbox o set next_attempt_at = drain_at
        where o.delivered_at is null and o.dropped_at is null and o.request_id is null and o.next_attempt_at > drain_at;
    end if;
    state.endpoint_failing := not latest_ok;
  end if;

  digest := private.notify_take_digest(catch_up => recovered, as_of => drain_at);

  -- Post what is due.
  select * into endpoint from private.notify_endpoint();
  if endpoint.url is not null then
    for entry in
      select * from private.notify_outbox o
      where o.delivered_at is null and o.dropped_at is null and o.request_id is null
        and (o.next_attempt_at <= drain_at or state.endpoint_failing)
      order by o.next_attempt_at, o.id
      limit case when state.endpoint_failing then 5 else 200 end
      for update skip locked
    loop
      if private.notify_send(entry.id, endpoint.url, endpoint.secret) then
        posted := posted + 1;
      else
        dropped := dropped + 1;
      end if;
    end loop;
  end if;

  result := jsonb_build_object(
    'digest', digest, 'recovered', recovered, 'alerts', alerts, 'confirmed', confirmed, 'failed', failed, 'posted', posted, 'dropped', dropped,
    'pending', (select count(*) from private.notify_outbox o where o.delivered_at is null and o.dropped_at is null),
    'endpoint', case when endpoint.url is null then 'missing: pg_net or the Vault secrets' when state.endpoint_failing then 'failing' else 'ok' end);
  update private.notify_state set last_drain_at = drain_at, last_drain = result, endpoint_failing = state.endpoint_failing,
    refusals_seen = state.refusals_seen, refusals_alerted_at = state.refusals_alerted_at, storage_alerted = state.storage_alerted;
  return result;
end
$$;

revoke all on function private.notify_drain() from public, anon, authenticated;
