/**
 * The real-time events the server sends to the browser (spec §7 Real-time), written once for the
 * server (server/src/realtime/events.ts checks every published event against it) and the renderer
 * (renderer/src/realtime/socket.ts subscribes by these names). Imports nothing, so the renderer's
 * bundle takes it as it is.
 */
export const CLIENT_EVENTS = [
  'task_changed',
  'notificationcounter',
  'opentaskcount',
  'mrnotif',
  'mrclosednotif',
  'prnotif',
  'prclosednotif',
  'rcvnotif',
  'reliabilityalert',
  'switchcompany',
  'accountingperiodeclose',
  'koranperiodeclose',
] as const;

export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** Events after which the bell asks for its counts again. */
export const COUNT_CHANGING_EVENTS: readonly ClientEvent[] = ['task_changed', 'mrnotif', 'mrclosednotif', 'prnotif', 'prclosednotif', 'rcvnotif', 'reliabilityalert'];
