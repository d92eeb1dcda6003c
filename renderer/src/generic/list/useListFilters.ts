import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ScreenMeta } from '../../api/types';
import { useOpenContext } from '../aircraft/openAircraft';
import { readListQuery, writeListQuery, type ListQuery } from '../listQuery';
import { rememberDisplay } from '../reference';
import { filterControls, filterParams, queryValue, type FilterControl } from './filterControls';

export interface ListFilters {
  query: ListQuery;
  controls: FilterControl[];
  /** Effective filter values: the URL's, else the default. */
  values: Record<string, string>;
  /** The filter values as the list call sends them. */
  filterQuery: Record<string, string>;
  update: (patch: Partial<ListQuery>) => void;
  setFilter: (param: string, value: string) => void;
  clearFilters: () => void;
}

/**
 * A list's state in the URL (filters, sort, page, limit, q) and its filters' effective values:
 * the module's open context is the default of the filter metadata names (`contextFilter`, spec §3), kept
 * in the URL as an empty value once the user clears it.
 */
export function useListFilters(screen: ScreenMeta): ListFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const controls = useMemo(() => filterControls(screen), [screen]);
  const paramNames = useMemo(() => filterParams(controls), [controls]);
  const query = readListQuery(searchParams, screen, paramNames);
  const entity = screen.entity?.name ?? '';

  // the module's open context (spec §3: the open aircraft) is the default of the filter metadata names (`contextFilter`): its key
  const openContext = useOpenContext();
  const contextFilter = screen.contextFilter;
  const defaults = useMemo(() => {
    const out: Record<string, string> = {};
    if (!contextFilter || !openContext) return out;
    const c = controls.find((x) => x.params[0] === contextFilter);
    // the key of a record opened from another module's list (an MRO customer's aircraft in the
    // maintenance lists) would name another record here: such a context fills nothing
    if (c?.target && openContext.entity !== c.target) return out;
    out[contextFilter] = openContext.key;
    if (c?.kind === 'reference') rememberDisplay(entity, c.filter.field, openContext.key, openContext.display);
    return out;
  }, [contextFilter, openContext, controls, entity]);
  const keepEmpty = useMemo(() => new Set(Object.keys(defaults)), [defaults]);

  const values = useMemo(() => {
    const out: Record<string, string> = { ...defaults };
    for (const [k, v] of Object.entries(query.filters)) out[k] = v;
    return out;
  }, [defaults, query.filters]);

  const filterQuery = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of controls) {
      for (const p of c.params) {
        const v = (values[p] ?? '').trim();
        if (v !== '') out[p] = queryValue(c, p, v);
      }
    }
    return out;
  }, [controls, values]);

  const update = (patch: Partial<ListQuery>) => {
    setSearchParams(writeListQuery({ ...query, ...patch }, screen, keepEmpty), { replace: true });
  };
  const setFilter = (param: string, value: string) => {
    update({ filters: { ...query.filters, [param]: value }, page: 1 });
  };
  const clearFilters = () => {
    const cleared: Record<string, string> = {};
    for (const name of paramNames) if (keepEmpty.has(name) || query.filters[name] !== undefined) cleared[name] = '';
    update({ filters: cleared, page: 1 });
  };
  return { query, controls, values, filterQuery, update, setFilter, clearFilters };
}
