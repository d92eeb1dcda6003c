-- The differences between two revisions of an aircraft type's maintenance programme, for every
-- ordered pair of its revisions (from → to): a task of "to" whose code "from" does not have is
-- ADDED, one of "from" missing from "to" DELETED, and one in both with a field of another value
-- CHANGED, a row per field with its old and new value as a reader reads them (hours H:MM, the
-- labels of the choices). Tasks are matched by their task code (decision 0380).
with pairs as (
  select f.compcode, f.aircraft_type, f.id as from_revision, t.id as to_revision
    from programme_revision f
    join programme_revision t on t.aircraft_type = f.aircraft_type and t.compcode = f.compcode and t.id <> f.id
),
matched as (
  select p.compcode, p.aircraft_type, p.from_revision, p.to_revision, m.a_id, m.b_id, m.task_code
    from pairs p
    cross join lateral (
      select a.id as a_id, b.id as b_id, coalesce(b.task_code, a.task_code) as task_code
        from (select id, task_code from programme_revision_task where programme_revision = p.from_revision) a
        full join (select id, task_code from programme_revision_task where programme_revision = p.to_revision) b on b.task_code = a.task_code
    ) m
)
select (x.from_revision::text || '-' || x.to_revision::text || '-' || coalesce(a.id, b.id)::text || '-' || coalesce(v.field, x.kind)) as change_key,
       x.compcode, x.aircraft_type, x.from_revision, x.to_revision, x.kind as change, x.task_code,
       coalesce(b.title, a.title) as title, v.field as changed_field, v.old_value, v.new_value
  from (select m.*, case when m.a_id is null then 'ADDED' when m.b_id is null then 'DELETED' else 'CHANGED' end as kind from matched m) x
  left join programme_revision_task a on a.id = x.a_id
  left join programme_revision_task b on b.id = x.b_id
  left join lateral (
    select d.field, left(d.old_value, 500)::varchar as old_value, left(d.new_value, 500)::varchar as new_value
      from (values
    ('TITLE', a.title::text, b.title::text),
    ('INSPECTION_GROUP', (select g.name from inspection_group g where g.id = a.inspection_group)::text, (select g.name from inspection_group g where g.id = b.inspection_group)::text),
    ('ATA', (select g.ata_code from ata_group g where g.id = a.ata)::text, (select g.ata_code from ata_group g where g.id = b.ata)::text),
    ('TASK_TYPE', case a.task_type when 'PKG' then 'Check package' when 'GVI' then 'General visual inspection' when 'DET' then 'Detailed inspection' when 'SDI' then 'Special detailed inspection' when 'FNC' then 'Functional check' when 'OPC' then 'Operational check' when 'SVC' then 'Servicing' when 'LUB' then 'Lubrication' when 'RST' then 'Restoration' when 'DIS' then 'Discard' end, case b.task_type when 'PKG' then 'Check package' when 'GVI' then 'General visual inspection' when 'DET' then 'Detailed inspection' when 'SDI' then 'Special detailed inspection' when 'FNC' then 'Functional check' when 'OPC' then 'Operational check' when 'SVC' then 'Servicing' when 'LUB' then 'Lubrication' when 'RST' then 'Restoration' when 'DIS' then 'Discard' end),
    ('ZONE', a.zone::text, b.zone::text),
    ('SKILL', a.skill::text, b.skill::text),
    ('EST_MANHOURS', a.est_manhours::text, b.est_manhours::text),
    ('MEASURED_IN', case a.measured_in when 'APU' then 'APU hours / starts' when 'AIRCRAFT' then 'Aircraft hours / cycles / landings' end, case b.measured_in when 'APU' then 'APU hours / starts' when 'AIRCRAFT' then 'Aircraft hours / cycles / landings' end),
    ('INTERVAL_FH', case when a.interval_fh is null then null else (a.interval_fh / 60)::text || ':' || lpad((a.interval_fh % 60)::text, 2, '0') end, case when b.interval_fh is null then null else (b.interval_fh / 60)::text || ':' || lpad((b.interval_fh % 60)::text, 2, '0') end),
    ('INTERVAL_FC', a.interval_fc::text, b.interval_fc::text),
    ('INTERVAL_LANDINGS', a.interval_landings::text, b.interval_landings::text),
    ('INTERVAL_DAYS', a.interval_days::text, b.interval_days::text),
    ('INTERVAL_MONTHS', a.interval_months::text, b.interval_months::text),
    ('WHICHEVER', case a.whichever when 'FIRST' then 'Whichever comes first' when 'LATER' then 'Whichever comes later' end, case b.whichever when 'FIRST' then 'Whichever comes first' when 'LATER' then 'Whichever comes later' end),
    ('CALENDAR_RULE', case a.calendar_rule when 'DAY' then 'At the end of the day reached' when 'MONTH_END' then 'At the end of that month' end, case b.calendar_rule when 'DAY' then 'At the end of the day reached' when 'MONTH_END' then 'At the end of that month' end),
    ('THRESHOLD_FH', case when a.threshold_fh is null then null else (a.threshold_fh / 60)::text || ':' || lpad((a.threshold_fh % 60)::text, 2, '0') end, case when b.threshold_fh is null then null else (b.threshold_fh / 60)::text || ':' || lpad((b.threshold_fh % 60)::text, 2, '0') end),
    ('THRESHOLD_FC', a.threshold_fc::text, b.threshold_fc::text),
    ('THRESHOLD_DAYS', a.threshold_days::text, b.threshold_days::text),
    ('TOLERANCE_PC', a.tolerance_pc::text, b.tolerance_pc::text),
    ('TOLERANCE_FH', case when a.tolerance_fh is null then null else (a.tolerance_fh / 60)::text || ':' || lpad((a.tolerance_fh % 60)::text, 2, '0') end, case when b.tolerance_fh is null then null else (b.tolerance_fh / 60)::text || ':' || lpad((b.tolerance_fh % 60)::text, 2, '0') end),
    ('TOLERANCE_FC', a.tolerance_fc::text, b.tolerance_fc::text),
    ('TOLERANCE_DAYS', a.tolerance_days::text, b.tolerance_days::text),
    ('ADJUST_ABOVE_TOLERANCE', case a.adjust_above_tolerance when true then 'Yes' when false then 'No' end, case b.adjust_above_tolerance when true then 'Yes' when false then 'No' end),
    ('VARIATION_PC', a.variation_pc::text, b.variation_pc::text),
    ('VARIATION_FH', case when a.variation_fh is null then null else (a.variation_fh / 60)::text || ':' || lpad((a.variation_fh % 60)::text, 2, '0') end, case when b.variation_fh is null then null else (b.variation_fh / 60)::text || ':' || lpad((b.variation_fh % 60)::text, 2, '0') end),
    ('VARIATION_FC', a.variation_fc::text, b.variation_fc::text),
    ('VARIATION_DAYS', a.variation_days::text, b.variation_days::text),
    ('IS_ALI', case a.is_ali when true then 'Yes' when false then 'No' end, case b.is_ali when true then 'Yes' when false then 'No' end),
    ('REPETITIVE', case a.repetitive when true then 'Yes' when false then 'No' end, case b.repetitive when true then 'Yes' when false then 'No' end),
    ('APPLIES_TO', nullif(btrim(a.applies_to), '')::text, nullif(btrim(b.applies_to), '')::text),
    ('REFERENCE', a.reference::text, b.reference::text),
    ('REMARK', left(a.remark, 500)::text, left(b.remark, 500)::text)
      ) d(field, old_value, new_value)
     where x.kind = 'CHANGED' and d.old_value is distinct from d.new_value
  ) v on true
 where x.kind <> 'CHANGED' or v.field is not null
