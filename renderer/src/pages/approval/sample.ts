/**
 * Spec §2: "Without a key in the route, a default sample document is loaded", and §9: "The fixed
 * default sample approval key value: not shown". Since the key is not known, the form does not ask
 * the server for some guessed key: it shows this built-in sample, clearly labelled, read-only,
 * with no actions and no server call (no print, budget, download or upload either).
 */
import type { ApprovalHeader, Attachment, HistoryRow } from '../../api/tasks';

export const SAMPLE_HEADER: ApprovalHeader = {
  taskkey: 0,
  taskassignkey: 0,
  wftypekey: null,
  wfname: 'MR-APPROVAL',
  wftitle: 'Material request approval',
  taskname: 'Material Request MR-SAMPLE-0001 (sample)',
  taskdetail: '3 line(s) for PK-GTB — brake assemblies and HPT blades for the C-check (sample document)',
  entity_name: null,
  record_key: null,
  statuswf: '100',
  createdby: 'Sample Requestor',
  createdon: '2026-01-05T08:30:00.000Z',
  jabatan: 'Storekeeper',
  departemen: 'Stores',
  departkd: 'STR',
  layout: null,
  pjxhdrkey: null,
  isTask: 0,
  actions: [],
  step: { seq: 1, name: 'Technical Director approval', of: 1 },
  isrouting: 0,
  routeToNik: null,
  routeToUser: null,
  postponed: 0,
  postuntil: null,
  message: null,
  canAct: 0,
  crewinfo: 'Sample Approver',
  crewkey: null,
};

export const SAMPLE_HISTORY: HistoryRow[] = [
  {
    taskassignkey: 1,
    assignstr: '05 Jan 2026 08:30',
    crewname: 'Sample Approver',
    actiontake: null,
    actionBy: null,
    message: null,
    completeddate: null,
  },
];

export const SAMPLE_ATTACHMENTS: Attachment[] = [{ attachmentKey: 0, attchFileNm: 'sample-quotation.pdf', taskkey: 0 }];
