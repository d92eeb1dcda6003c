import { useMemo, useSyncExternalStore } from 'react';
import type { OpenAircraft } from '../../api/types';
import { KEYS } from '../../session/storage';

const EVENT = 'openaircraftchange';
let cachedRaw: string | null | undefined;
let cachedValue: OpenAircraft | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(KEYS.openAircraft);
  } catch {
    return null;
  }
}

function parse(raw: string | null): OpenAircraft | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<OpenAircraft> | null;
    if (!v || typeof v !== 'object' || !v.aircraft || typeof v.aircraft !== 'object') return null;
    if (v.aircraft.aircraft_id === undefined || v.aircraft.aircraft_id === null) return null;
    return v as OpenAircraft;
  } catch {
    return null;
  }
}

/** The stored context (same object while the stored text is unchanged). */
export function getOpenAircraft(): OpenAircraft | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

export function setOpenAircraft(value: OpenAircraft | null): void {
  try {
    if (value) window.localStorage.setItem(KEYS.openAircraft, JSON.stringify(value));
    else window.localStorage.removeItem(KEYS.openAircraft);
  } catch {
    /* storage unavailable: the context lives for this page only */
  }
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEYS.openAircraft) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(EVENT, onChange);
  };
}

/** The open aircraft context; re-renders when it is set, cleared (also by another tab or a company switch). */
export function useOpenAircraft(): OpenAircraft | null {
  return useSyncExternalStore(subscribe, getOpenAircraft, () => null);
}

/** The module's open context as the generic screens see it: the entity it was opened from, the record's key and its display. */
export interface OpenContext {
  entity?: string;
  key: string;
  display: string;
}

/** The open context of the stored spec §3 value (the open aircraft: its key and registration). */
export function useOpenContext(): OpenContext | null {
  const open = useOpenAircraft();
  return useMemo(() => (open ? { entity: open.entity, key: String(open.aircraft.aircraft_id), display: open.aircraft.registration } : null), [open]);
}
