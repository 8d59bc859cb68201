import { fc } from '@fast-check/vitest';
import { REPORT_PARAMETER_TYPES, RELATIVE_DAYS, type ReportParameter } from '../models/reports';

/** A report identifier: a lower-case letter, then letters, digits and `_`. */
export const identifierArb = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);

/** Text that holds no quote, comment, dollar or colon: what SQL is made of between the interesting parts. */
const plainArb = fc.stringMatching(/^[a-zA-Z0-9 _,.()=<>*+\n]{0,12}$/);

/** A piece of SQL, and the placeholder it is (when it is one). */
export type SqlPiece = { text: string; target?: string };

/** Pieces where a colon is not a placeholder: quoted text, identifiers, comments, dollar quotes, casts, slices. */
const inertArb: fc.Arbitrary<SqlPiece> = fc.oneof(
  plainArb.map((t) => ({ text: t })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` '${t.replace(/'/g, "''")}' ` })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` E'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}' ` })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` "${t.replace(/"/g, '""')}" ` })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` -- ${t.replace(/\n/g, ' ')}\n` })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` /* ${t.replace(/\*\//g, '')} /* :nested */ */ ` })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` $q$${t.replace(/\$q\$/g, '')}$q$ ` })),
  fc.string({ maxLength: 10 }).map((t) => ({ text: ` $$${t.replace(/\$\$/g, '')}$$ ` })),
  identifierArb.map((t) => ({ text: `x::${t} ` })),
  fc.constant({ text: ' a[1:2] ' }),
);
const placeholderArb: fc.Arbitrary<SqlPiece> = identifierArb.map((t) => ({ text: ` :${t} `, target: t }));

/** SQL made of pieces, some of them placeholders. */
export const sqlPiecesArb = fc.array(fc.oneof(inertArb, placeholderArb), { maxLength: 12 });

export const dayArb = fc
  .date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2098-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const relativeArb = fc.constantFrom(...RELATIVE_DAYS);

/** A declared parameter of any type, with a default of its kind. */
export const parameterArb: fc.Arbitrary<ReportParameter> = fc
  .record({ id: identifierArb, type: fc.constantFrom(...REPORT_PARAMETER_TYPES), required: fc.boolean() })
  .chain(({ id, type, required }): fc.Arbitrary<ReportParameter> => {
    const base = { id, target: id, type, required };
    switch (type) {
      case 'date':
        return fc.oneof(
          relativeArb.map((value) => ({ ...base, config: { valueType: 'relative' as const, value } })),
          dayArb.map((value) => ({ ...base, config: { valueType: 'static' as const, value } })),
        );
      case 'number':
        return fc.integer({ min: -1000, max: 1000 }).map((value) => ({ ...base, config: { valueType: 'static' as const, value } }));
      case 'boolean':
        return fc.boolean().map((value) => ({ ...base, config: { valueType: 'static' as const, value } }));
      case 'text':
        return fc.string({ maxLength: 10 }).map((value) => ({ ...base, config: { valueType: 'static' as const, value } }));
      case 'choice':
        return fc
          .uniqueArray(fc.oneof(fc.integer({ min: 1, max: 50 }), identifierArb), { minLength: 1, maxLength: 5 })
          .map((value) => ({ ...base, config: { valueType: 'static' as const, value } }));
    }
  });

export const parametersArb = fc.uniqueArray(parameterArb, { maxLength: 6, selector: (p) => p.id });
