-- The team's view: one list of what the team has not seen on its own (SQL editor, or any
-- service-role connection; supabase/README.md, "The team's view"): rows not announced on their
-- own (with how they are counted: in which digest, delivered or not, waiting for the window's
-- digest, own message failing), held rows, and deliveries still pending or failing.
--
-- security_invoker: the view reads the tables as its caller, so only a role that may read them
-- (the service role) sees anything.

create view private.form_inbox with (security_invoker = true) as
  with stored as (
    select 'contact_submissions'::text as table_name, c.id, c.created_at, c.email, c.first_name || ' ' || c.last_name as name,
           left(c.message, 200) as excerpt, c.held, c.announced_at, c.digest_id
    from public.contact_submissions c where c.announced_at is null or c.held
    union all
    select 'job_applications', j.id, j.created_at, j.email, j.full_name, left(j.cover_letter, 200), j.held, j.announced_at, j.digest_id
    from public.job_applications j where j.announced_at is null or j.held
  )
  select s.created_at, 'submission'::text as item, s.table_name, s.id, s.email, s.name, s.excerpt, s.held, s.digest_id,
         case
           when s.digest_id = 0 then 'stored before deliveries were tracked'
           when s.digest_id is not null and d.delivered_at is not null then format('counted in digest %s, delivered %s', s.digest_id, d.delivered_at)
           when s.digest_id is not null then format('counted in digest %s, not yet delivered', s.digest_id)
           when o.id is not null and o.dropped_at is null then format('own message not yet delivered (%s attempts%s)', o.attempts,
             coalesce(', last: ' || o.last_error, ''))
           when s.announced_at is not null then format('announced %s', s.announced_at)
           else 'waiting for the next digest (after its notification window ends)'
         end as state,
         o.attempts, o.last_error
  from stored s
  left join private.notify_digests d on d.id = s.digest_id
  left join private.notify_outbox o on o.kind = 'row' and o.row_id = s.id
  union all
  select o.created_at, 'delivery', o.table_name, o.row_id, null, null, o.key, null, o.digest_id,
         case when o.request_id is not null then format('attempt %s in flight since %s', o.attempts, o.sent_at)
              when o.attempts = 0 then 'not yet posted (pg_net or the Vault secrets missing?)'
              else format('failing: %s attempts, next %s', o.attempts, o.next_attempt_at) end,
         o.attempts, o.last_error
  from private.notify_outbox o where o.delivered_at is null and o.dropped_at is null;

comment on view private.form_inbox is
  'What the team has not seen on its own: rows not announced on their own (and how they are counted), held rows, deliveries pending or failing. Order by created_at desc.';

revoke all on table private.form_inbox from public, anon, authenticated;
grant select on table private.form_inbox to service_role;
