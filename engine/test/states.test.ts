/**
 * A document's states declared once (metadata `lifecycle` object form, metadata/states.ts,
 * decision 0405): resolved and checked at load, the screens' transition actions shown only from
 * their states, a shared declaration (`like`) in another entity's codes, and the runner's refusal
 * (crud/transitions.ts) in words, state first, then the guards.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry, MetadataError } from '../src/metadata/loader.ts';
import { PluginHost } from '../src/plugins/host.ts';
import { transitionRefusal } from '../src/crud/transitions.ts';

const SHELL = { file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: jobs, title: Jobs }]\n' };

/** A job (draft → open → done, or cancelled) and a contract job sharing its declaration in its own codes. */
const jobs = (over: { lifecycle?: string; action?: string; shared?: string } = {}) => `module: jobs
entities:
  - name: job
    title: Job Card
    lifecycle:
${over.lifecycle ?? `      field: state
      states: [DRAFT, OPEN, DONE, CANCELLED]
      transitions:
        - { action: open_job, from: DRAFT, to: OPEN }
        - { action: finish_job, from: OPEN, to: DONE, guards: [has_hours] }
        - { action: cancel_job, from: [DRAFT, OPEN], to: CANCELLED }
      rules:
        - { when: { state: [DONE, CANCELLED] }, refuse: [update, delete, lines] }`}
    fields:
      - { name: job_no, type: string, maxLength: 20 }
      - { name: hours, type: decimal, precision: 8, scale: 2 }
      - { name: state, type: enum, default: DRAFT, setBy: actions, values: [{ code: DRAFT, label: Draft }, { code: OPEN, label: Open }, { code: DONE, label: Done }, { code: CANCELLED, label: Cancelled }] }
  - name: contract_job
    title: Contract Job
    lifecycle:
${over.shared ?? `      like: job
      field: status
      codes: { DRAFT: NEW, OPEN: [WIP, WAIT], DONE: FIN, CANCELLED: VOID }
      actions: { open_job: open_cjob, finish_job: finish_cjob, cancel_job: cancel_cjob }
      guards: { open_cjob: [has_customer] }`}
    fields:
      - { name: customer, type: string, maxLength: 20 }
      - { name: status, type: enum, default: NEW, setBy: actions, values: [{ code: NEW, label: New }, { code: WIP, label: In work }, { code: WAIT, label: Waiting }, { code: FIN, label: Finished }, { code: VOID, label: Void }] }
forms:
  - route: job-form
    entity: job
    title: Job
    actions:
      - { name: open_job, run: jobs/jobs#openJob, label: Open, row: true${over.action ?? ''} }
      - { name: finish_job, run: jobs/jobs#finishJob, label: Finish, row: true }
      - { name: cancel_job, run: jobs/jobs#cancelJob, label: Cancel Job, row: true }
      - { name: print_job, run: jobs/jobs#printJob, label: Print Slip, row: true, visibleWhen: { state: [OPEN, DONE] } }
    sections: [{ title: Job, fields: [job_no, hours] }]
  - route: contract-job-form
    entity: contract_job
    title: Contract Job
    actions:
      - { name: open_cjob, run: jobs/jobs#openCjob, label: Open, row: true }
      - { name: finish_cjob, run: jobs/jobs#finishCjob, label: Finish, row: true }
      - { name: cancel_cjob, run: jobs/jobs#cancelCjob, label: Cancel Job, row: true }
    sections: [{ title: Job, fields: [customer] }]
`;

const load = (over: Parameters<typeof jobs>[0] = {}) => buildRegistry([SHELL, { file: 'jobs.yaml', text: jobs(over) }]);
const problems = (over: Parameters<typeof jobs>[0]): string[] => {
  try {
    load(over);
  } catch (e) {
    if (e instanceof MetadataError) return e.problems.map((p) => `${p.file}: ${p.path}: ${p.reason}`);
    throw e;
  }
  return [];
};
const form = (reg: ReturnType<typeof load>, route: string) => {
  const s = [...reg.screens.values()].find((x) => x.route === route);
  if (s?.kind !== 'form') throw new Error(`no form ${route}`);
  return s;
};

describe('lifecycle declaration at load', () => {
  it('resolves the states, keeps the rules, and shows each transition only from its states', () => {
    const reg = load();
    const job = reg.entity('job');
    expect(job.states).toEqual({
      field: 'state',
      states: ['DRAFT', 'OPEN', 'DONE', 'CANCELLED'],
      transitions: [
        { action: 'open_job', from: ['DRAFT'], to: 'OPEN', guards: [] },
        { action: 'finish_job', from: ['OPEN'], to: 'DONE', guards: ['has_hours'] },
        { action: 'cancel_job', from: ['DRAFT', 'OPEN'], to: 'CANCELLED', guards: [] },
      ],
    });
    expect(job.lifecycle).toEqual([{ when: { state: ['DONE', 'CANCELLED'] }, refuse: ['update', 'delete', 'lines'] }]);
    const offers = Object.fromEntries(form(reg, 'job-form').actions.map((a) => [a.name, a.visibleWhen]));
    // derived from the transitions; an action that is no transition keeps its own visibleWhen
    expect(offers).toEqual({ open_job: { state: ['DRAFT'] }, finish_job: { state: ['OPEN'] }, cancel_job: { state: ['DRAFT', 'OPEN'] }, print_job: { state: ['OPEN', 'DONE'] } });
  });

  it('a shared declaration (like) in the entity own codes, actions and extra guards', () => {
    const reg = load();
    expect(reg.entity('contract_job').states).toEqual({
      field: 'status',
      like: 'job',
      states: ['NEW', 'WIP', 'WAIT', 'FIN', 'VOID'],
      transitions: [
        // OPEN is WIP or WAIT here; `to` is the first code of the state
        { action: 'open_cjob', from: ['NEW'], to: 'WIP', guards: ['has_customer'] },
        { action: 'finish_cjob', from: ['WIP', 'WAIT'], to: 'FIN', guards: ['has_hours'] },
        { action: 'cancel_cjob', from: ['NEW', 'WIP', 'WAIT'], to: 'VOID', guards: [] },
      ],
    });
    expect(form(reg, 'contract-job-form').actions.map((a) => a.visibleWhen)).toEqual([{ status: ['NEW'] }, { status: ['WIP', 'WAIT'] }, { status: ['NEW', 'WIP', 'WAIT'] }]);
  });

  it('refuses a hand-written visibleWhen on a transition action, naming file and path', () => {
    expect(problems({ action: ', visibleWhen: { state: DRAFT }' })).toEqual([
      "jobs.yaml: /forms/[job-form]/actions/[open_job]/visibleWhen: action 'open_job' is a transition of job's lifecycle: it is offered from its states (DRAFT), never by visibleWhen",
    ]);
  });

  it('refuses unknown states, codes left out, an action no screen offers and a transition declared twice', () => {
    const lifecycle = `      field: state
      states: [DRAFT, OPEN, DONE, SHIPPED]
      transitions:
        - { action: open_job, from: [DRAFT, PLANNED], to: OPEN }
        - { action: finish_job, from: OPEN, to: CLOSED }
        - { action: reopen_job, from: DONE, to: OPEN }
        - { action: open_job, from: DRAFT }
        - { action: cancel_job, from: DRAFT }`;
    expect(problems({ lifecycle, shared: '      field: status\n      states: [NEW, WIP, WAIT, FIN, VOID]\n      transitions: [{ action: open_cjob, from: NEW }, { action: finish_cjob, from: WIP }, { action: cancel_cjob, from: NEW }]' })).toEqual([
      "jobs.yaml: /entities/[job]/lifecycle/states: 'SHIPPED' is not one of the codes of state",
      "jobs.yaml: /entities/[job]/lifecycle/states: code 'CANCELLED' of state is not a declared state",
      "jobs.yaml: /entities/[job]/lifecycle/transitions/0/from: 'PLANNED' is not a declared state",
      "jobs.yaml: /entities/[job]/lifecycle/transitions/1/to: 'CLOSED' is not a declared state",
      "jobs.yaml: /entities/[job]/lifecycle/transitions/2: action 'reopen_job' is offered by no screen of job",
      "jobs.yaml: /entities/[job]/lifecycle/transitions/3: action 'open_job' is declared by two transitions",
    ]);
  });

  it('refuses a shared declaration that maps an unknown state or action, or leaves one out', () => {
    const shared = `      like: job
      field: status
      codes: { DRAFT: NEW, OPEN: WIP, DONE: FIN, SHIPPED: VOID }
      actions: { open_job: open_cjob, finish_job: finish_cjob, reopen_job: cancel_cjob }`;
    expect(problems({ shared })).toEqual([
      "jobs.yaml: /entities/[contract_job]/lifecycle/codes/SHIPPED: 'SHIPPED' is not a state of job",
      'jobs.yaml: /entities/[contract_job]/lifecycle/codes: state \'CANCELLED\' of job has no code here',
      "jobs.yaml: /entities/[contract_job]/lifecycle/actions/reopen_job: 'reopen_job' is not an action of job's transitions",
      "jobs.yaml: /entities/[contract_job]/lifecycle/actions: transition 'cancel_job' of job has no action here",
    ]);
    expect(problems({ shared: '      like: contract_job\n      field: status' })).toEqual([
      "jobs.yaml: /entities/[contract_job]/lifecycle/like: entity 'contract_job' shares another declaration itself: like names the entity declaring the states",
    ]);
  });

  it('the start refuses a guard no plugin supplies', () => {
    const reg = load();
    const host = new PluginHost([{ name: 'jobs', actions: Object.fromEntries(['open_job', 'finish_job', 'cancel_job', 'print_job', 'open_cjob', 'finish_cjob', 'cancel_cjob'].map((n) => [n, { entity: n.includes('cjob') ? 'contract_job' : 'job', run: async () => ({}) }])), guards: { has_hours: () => null } }]);
    expect(host.checkActions(reg)).toEqual(["jobs.yaml: guard 'has_customer' of transition open_cjob (entity contract_job) is not supplied by any plugin"]);
  });
});

describe('the runner refusal of a transition (crud/transitions.ts)', () => {
  const reg = load();
  const host = new PluginHost([
    {
      name: 'jobs',
      guards: {
        has_hours: (row) => (Number(row.hours ?? 0) > 0 ? null : `Job ${String(row.job_no)} has no hours booked.`),
        has_customer: (row) => (row.customer ? null : 'A contract job names its customer.'),
      },
    },
  ]);
  const refusal = (entity: string, action: string, row: Record<string, unknown>) => {
    const e = transitionRefusal(reg, host, entity, action, row);
    return e ? { code: e.code, status: e.status, message: e.message } : null;
  };

  it('from another state: 409 ERR_STATE naming the state and the states it is offered from', () => {
    expect(refusal('job', 'finish_job', { job_no: 'J-1', state: 'DONE', hours: 2 })).toEqual({ code: 'ERR_STATE', status: 409, message: 'This job card is Done: Finish is offered only when it is Open.' });
    expect(refusal('job', 'cancel_job', { state: 'CANCELLED' })).toEqual({ code: 'ERR_STATE', status: 409, message: 'This job card is Cancelled: Cancel Job is offered only when it is Draft or Open.' });
    // the shared declaration, in the contract job's codes and labels
    expect(refusal('contract_job', 'cancel_cjob', { status: 'FIN' })).toEqual({ code: 'ERR_STATE', status: 409, message: 'This contract job is Finished: Cancel Job is offered only when it is New, In work or Waiting.' });
  });

  it('from its state: its guards, in order (the shared one and the entity own), else nothing refused', () => {
    expect(refusal('job', 'finish_job', { job_no: 'J-1', state: 'OPEN', hours: 0 })).toEqual({ code: 'ERR_CONFLICT', status: 409, message: 'Job J-1 has no hours booked.' });
    expect(refusal('job', 'finish_job', { job_no: 'J-1', state: 'OPEN', hours: 1.5 })).toBeNull();
    expect(refusal('contract_job', 'open_cjob', { status: 'NEW', customer: null })).toEqual({ code: 'ERR_CONFLICT', status: 409, message: 'A contract job names its customer.' });
    expect(refusal('contract_job', 'open_cjob', { status: 'NEW', customer: 'ACME' })).toBeNull();
    // an action that is no transition is never refused here
    expect(refusal('job', 'print_job', { state: 'DRAFT' })).toBeNull();
  });
});
