import type { RequisitionHeader } from '../../api/mrequest';
import { formatDate, statusLabel } from '../approval/format';
import { PROGRESS } from './requisitionDetail';
import { t } from '../../i18n';

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const id = `req-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" readOnly value={value} data-testid={testId} />
    </div>
  );
}

/** The requisition's header, read-only: status, progress and barter pills, then its fields. */
export function RequisitionHeaderCard({ header, service }: { header: RequisitionHeader; service: boolean }) {
  return (
    <section className="card" aria-labelledby="req-title">
      <div className="card-header card-header-row">
        <h2 id="req-title">{t('Requisition')}</h2>
        <div className="header-pills">
          {header.statuswf ? (
            <span className={`pill status-${header.statuswf}`} data-testid="req-status">
              {statusLabel(header.statuswf)}
            </span>
          ) : null}
          {header.progress !== null && header.progress !== undefined && PROGRESS[Number(header.progress)] ? (
            <span className="pill">{PROGRESS[Number(header.progress)]}</span>
          ) : null}
          {Number(header.barter) === 1 ? <span className="pill pill-warn">BARTER</span> : null}
        </div>
      </div>
      <div className="card-body">
        <div className="form-grid req-grid">
          <Field label={t('Request No.')} value={header.requestno ?? ''} testId="req-no" />
          <Field label={t('Request Date')} value={formatDate(header.requestdate)} />
          <Field label={t('Request Type')} value={service ? 'Service Request' : 'Material Request'} />
          <Field label={t('Internal Budget No.')} value={header.budgetinfo ?? ''} />
          <Field label={service ? 'Expected Service' : 'Expected Delivery'} value={formatDate(header.expectreceipt)} />
          {service ? <Field label={t('Service Finish Date')} value={formatDate(header.jasafinish)} /> : null}
          <Field label={t('Delivery Location')} value={header.locationdeliv ?? ''} />
          <Field label={t('Aircraft Registration')} value={header.registration ?? ''} />
          <div className="field">
            <span>BARTER</span>
            <label className="checkbox-label">
              <input type="checkbox" checked={Number(header.barter) === 1} readOnly disabled />
              {Number(header.barter) === 1 ? 'Yes' : 'No'}
            </label>
          </div>
          <Field label={t('Requested By')} value={header.create_by ?? ''} />
          <div className="field span-2">
            <label htmlFor="req-remark">{t('Remark')}</label>
            <textarea id="req-remark" readOnly rows={2} value={header.remark ?? ''} />
          </div>
        </div>
      </div>
    </section>
  );
}
