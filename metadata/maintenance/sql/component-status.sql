-- Installed parts against their limits: one row per part and limit (parts without a limit: one
-- row, NOLIMIT). The next due, remaining, forecast and status are the due list's (due_item), so
-- this screen and the due list never disagree; the used time is the limit minus what remains.
select coalesce(d.due_key, 'N' || c.component_id::text) as status_key, c.compcode,
       c.aircraft, c.component_id as component, c.parent_component, c.partnumber, c.partname, c.serial_number,
       c.position, c.component_class,
       (c.component_class in ('ENGINE', 'APU', 'MODULE', 'PROPELLER') or p.component_class in ('ENGINE', 'APU', 'MODULE')) as is_engine_item,
       c.install_date, c.tsn, c.csn, c.tso, c.cso,
       (case when coalesce(tc.tracks_apu, false) then a.apu_hours else a.total_fh end - c.installed_ac_fh)::bigint as tsi,
       (case when coalesce(tc.tracks_apu, false) then a.apu_starts else a.total_fc end - c.installed_ac_fc)::bigint as csi,
       c.times_known, l.inspection_kind, l.limit_fh, l.limit_fc, l.limit_days, l.limit_months, l.whichever,
       (l.limit_fh - d.remaining_fh)::bigint as used_fh, (l.limit_fc - d.remaining_fc)::bigint as used_fc,
       d.last_done_date, d.next_due_date, d.remaining_fh, d.remaining_fc, d.remaining_days, d.pc_remaining, d.forecast_date,
       case when not c.times_known or d.due_status = 'NO_RECORD' then 'UNKNOWN'
            when d.due_key is null then 'NOLIMIT'
            else d.due_status end as due_status
  from fleet_component c
  join aircraft a on a.aircraft_id = c.aircraft
  left join fleet_component p on p.component_id = c.parent_component
  left join aircraft_type_component tc on tc.type_component_id = c.type_component
  left join due_item d on d.component = c.component_id and d.item_kind = 'COMPONENT'
  left join aircraft_type_component_limit l on l.id = d.component_limit
 where c.component_status = 'INSTALLED'
