import { t } from '../../i18n';

/** A PDF preview (print job address) in an iframe, with a link to open it in its own tab. */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  return (
    <div className="pdf-frame">
      <iframe src={src} title={title} data-testid="pdf-preview" />
      <a className="pdf-open" href={src} target="_blank" rel="noreferrer">
        {t('Open in a new tab')}
      </a>
    </div>
  );
}
