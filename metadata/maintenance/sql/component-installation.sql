-- One row per posted installation of a part: the installation paired with the part's next
-- posted removal. TSI/CSI are those the removal recorded (aircraft total at removal minus at
-- installation, in APU hours/starts for parts counting APU usage); for a part still installed,
-- the aircraft's current total minus its total at installation.
select i.change_id as installation_id, i.compcode, i.component, i.aircraft,
       c.partnumber, c.partname, c.serial_number, i.position,
       i.change_date as installed_date, i.ac_fh as installed_ac_fh, i.ac_fc as installed_ac_fc,
       i.tsn as installed_tsn, i.csn as installed_csn,
       r.change_date as removed_date, r.ac_fh as removed_ac_fh, r.ac_fc as removed_ac_fc,
       r.reason as removal_reason, r.reason_text as removal_detail,
       coalesce(r.tsi, case when r.change_id is null and c.aircraft = i.aircraft
                            then case when coalesce(tc.tracks_apu, false) then a.apu_hours else a.total_fh end - c.installed_ac_fh end)::bigint as tsi,
       coalesce(r.csi, case when r.change_id is null and c.aircraft = i.aircraft
                            then case when coalesce(tc.tracks_apu, false) then a.apu_starts else a.total_fc end - c.installed_ac_fc end)::bigint as csi,
       (r.change_id is null and c.aircraft = i.aircraft) as is_current
  from component_change i
  join fleet_component c on c.component_id = i.component
  left join aircraft_type_component tc on tc.type_component_id = c.type_component
  left join aircraft a on a.aircraft_id = i.aircraft
  left join lateral (
    select x.* from component_change x
     where x.component = i.component and x.action = 'REMOVE' and x.posted = 1
       and (x.change_date > i.change_date or (x.change_date = i.change_date and x.change_id > i.change_id))
     order by x.change_date, x.change_id
     limit 1) r on true
 where i.action = 'INSTALL' and i.posted = 1
