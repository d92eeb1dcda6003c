-- Life-limited parts, installed or not: life used in reference cycles (prorated by thrust rating
-- when flights post; never restored by overhaul) against the life limit, what remains, the
-- forecast retirement (the due list's, for installed parts), and the limiter: the LLP with the
-- least remaining life of each engine (or assembly) and of each of its modules.
with m as (
  select c.component_id, c.compcode, c.aircraft, c.parent_component, p.serial_number as engine_serial,
         coalesce(p.position, c.position) as engine_position, c.partnumber, c.partname, c.serial_number,
         c.component_status, c.csn, c.tsn, c.times_known, c.manufacture_date,
         coalesce(c.llp_life_used, c.csn::numeric) as life_used,
         llp.module, llp.life_limit_fc, llp.life_limit_fh, llp.life_limit_months, llp.thrust_rating
    from fleet_component c
    left join aircraft a on a.aircraft_id = c.aircraft
    left join fleet_component p on p.component_id = c.parent_component
    join lateral (
      select t.* from aircraft_type_llp t
       where t.compcode = c.compcode and t.partnumber = c.partnumber and t.active
         and (a.aircraft_type is null or t.aircraft_type = a.aircraft_type)
       order by t.type_llp_id limit 1) llp on true
   where c.component_status <> 'SCRAPPED'
),
r as (
  select m.*, m.life_limit_fc - m.life_used as remaining_fc, m.life_limit_fh - m.tsn as remaining_fh,
         case when m.life_limit_months is not null then (m.manufacture_date + make_interval(months => m.life_limit_months::int))::date end as life_limit_date
    from m
)
select r.component_id, r.compcode, r.component_id as component, r.aircraft, r.parent_component, r.engine_serial,
       r.engine_position, r.module, r.partnumber, r.partname, r.serial_number, r.component_status, r.thrust_rating,
       r.life_limit_fc, r.csn, r.life_used::numeric(12,3) as life_used, floor(r.remaining_fc)::bigint as remaining_fc,
       round(r.life_used * 100.0 / r.life_limit_fc, 1)::numeric(7,1) as life_used_pc,
       r.life_limit_fh, r.tsn, r.remaining_fh::bigint as remaining_fh, r.life_limit_date,
       coalesce(d.forecast_date, r.life_limit_date) as forecast_date,
       (rank() over (partition by r.compcode, coalesce(r.parent_component, r.component_id) order by r.remaining_fc nulls last) = 1) as is_limiter,
       (rank() over (partition by r.compcode, coalesce(r.parent_component, r.component_id), r.module order by r.remaining_fc nulls last) = 1) as is_module_limiter,
       case when not r.times_known or r.life_used is null then 'UNKNOWN'
            when r.remaining_fc <= 0 or r.remaining_fh <= 0 or r.life_limit_date < ct.today then 'EXPIRED'
            when r.remaining_fc * 100.0 / r.life_limit_fc <= coalesce(co.remain_pc_due, 10) then 'DUE_SOON'
            else 'OK' end as llp_status
  from r
  join company co on co.compcode = r.compcode
  join company_today ct on ct.compcode = r.compcode
  left join due_item d on d.component = r.component_id and d.item_kind = 'LLP'
