import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps, UiSchema } from '@rjsf/utils';
import { Fragment, type CSSProperties, type ReactNode } from 'react';

interface SectionDef {
  title?: string;
  fields: string[];
}

function optionsOf(ui: UiSchema | undefined): Record<string, unknown> {
  const o = ui?.['ui:options'];
  return o && typeof o === 'object' ? (o as Record<string, unknown>) : {};
}

/** Grid columns (of 12) a field takes: its `width`, else half a row; text areas and lines a full row. */
function spanOf(ui: UiSchema | undefined): number {
  const w = optionsOf(ui).width;
  if (typeof w === 'number' && w >= 1 && w <= 12) return Math.round(w);
  if (ui?.['ui:widget'] === 'textarea' || ui?.['ui:field'] === 'lines') return 12;
  return 6;
}

function Cell({ prop, ui }: { prop: ObjectFieldTemplatePropertyType; ui: UiSchema | undefined }) {
  if (prop.hidden) return prop.content;
  return (
    <div className="grid-cell" style={{ '--span': spanOf(ui) } as CSSProperties} data-field={prop.name}>
      {prop.content}
    </div>
  );
}

function Grid({ props, ui }: { props: ObjectFieldTemplatePropertyType[]; ui: UiSchema | undefined }): ReactNode {
  return (
    <div className="field-grid">
      {props.map((p) => (
        <Cell key={p.name} prop={p} ui={ui?.[p.name] as UiSchema | undefined} />
      ))}
    </div>
  );
}

/**
 * The root object of a generic form: `uiSchema['ui:options'].sections` as titled cards, each a
 * 12-column grid (two fields a row unless a field names its `width`); line tables after them.
 */
export function SectionsTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, fieldPathId } = props;
  const sections = (optionsOf(uiSchema).sections as SectionDef[] | undefined) ?? [];
  const isRoot = fieldPathId.path.length === 0;
  if (!isRoot || sections.length === 0) {
    return (
      <div className="object-field">
        <Grid props={properties} ui={uiSchema} />
      </div>
    );
  }
  const byName = new Map(properties.map((p) => [p.name, p]));
  const used = new Set<string>();
  const grouped = sections.map((s) => {
    const props = s.fields.map((f) => byName.get(f)).filter((p): p is ObjectFieldTemplatePropertyType => Boolean(p));
    props.forEach((p) => used.add(p.name));
    return { title: s.title, props };
  });
  const rest = properties.filter((p) => !used.has(p.name));
  const lines = rest.filter((p) => !p.hidden && (uiSchema?.[p.name] as UiSchema | undefined)?.['ui:field'] === 'lines');
  const hidden = rest.filter((p) => p.hidden);
  // Visible fields outside every section (the code of a string-keyed entity) lead the first one.
  const loose = rest.filter((p) => !p.hidden && !lines.includes(p));
  if (grouped.length) grouped[0].props = [...loose, ...grouped[0].props];

  return (
    <div className="form-sections">
      {grouped.map((s, i) =>
        s.props.every((p) => p.hidden) ? (
          <div key={i} hidden>
            {s.props.map((p) => (
              <Fragment key={p.name}>{p.content}</Fragment>
            ))}
          </div>
        ) : (
          <section className="card form-section" key={i}>
            {s.title ? (
              <div className="card-header">
                <h2>{s.title}</h2>
              </div>
            ) : null}
            <div className="card-body">
              <Grid props={s.props} ui={uiSchema} />
            </div>
          </section>
        ),
      )}
      {lines.map((p) => (
        <div key={p.name}>{p.content}</div>
      ))}
      {hidden.length ? (
        <div hidden>
          {hidden.map((p) => (
            <Fragment key={p.name}>{p.content}</Fragment>
          ))}
        </div>
      ) : null}
    </div>
  );
}
