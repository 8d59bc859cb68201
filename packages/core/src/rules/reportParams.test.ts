import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { monthStart } from './dashboard';
import { dayArb, parametersArb, relativeArb, sqlPiecesArb } from './reportParams.arb';
import { declarationProblems, isReportDay, relativeDay, resolveParameterValues, splitPlaceholders, staticChoices } from './reportParams';
import { addDays, dayOfWeekOf } from './scheduleTime';

describe('splitPlaceholders', () => {
  test.prop([sqlPiecesArb])('finds exactly the placeholders, in order, and nothing in quotes, comments, casts or slices', (pieces) => {
    const text = pieces.map((p) => p.text).join('');
    const split = splitPlaceholders(text);
    expect(split.targets).toEqual(pieces.filter((p) => p.target !== undefined).map((p) => p.target));
    expect(split.text.length).toBe(split.targets.length + 1);
  });

  test.prop([fc.string({ maxLength: 200 })])('puts any text back together unchanged', (text) => {
    const { text: parts, targets } = splitPlaceholders(text);
    expect(parts.map((p, i) => (i < targets.length ? `${p}:${targets[i]}` : p)).join('')).toBe(text);
  });

  it('reads the usual cases', () => {
    expect(splitPlaceholders("select :a, ':b', x::date, \"c:d\", $$:e$$ -- :f\n from t where d between :start and :end").targets).toEqual(['a', 'start', 'end']);
    expect(splitPlaceholders('select arr[1:n] from t').targets).toEqual([]);
  });
});

describe('relative days', () => {
  test.prop([dayArb, fc.integer({ min: 0, max: 6 })])('fall where their names say, around today', (today, weekStartsOn) => {
    const start = relativeDay('start-of-month', today);
    const end = relativeDay('end-of-month', today);
    expect(start <= today && today <= end).toBe(true);
    expect(start.slice(0, 7)).toBe(today.slice(0, 7));
    expect(addDays(end, 1)).toBe(monthStart(addDays(end, 1)));
    expect(addDays(relativeDay('end-of-last-month', today), 1)).toBe(start);
    expect(relativeDay('start-of-last-month', today)).toBe(monthStart(relativeDay('end-of-last-month', today)));
    const week = relativeDay('start-of-week', today, weekStartsOn);
    expect(dayOfWeekOf(week)).toBe(weekStartsOn);
    expect(week <= today && addDays(week, 6) >= today).toBe(true);
    expect(relativeDay('yesterday', today)).toBe(addDays(today, -1));
    expect(relativeDay('start-of-year', today)).toBe(`${today.slice(0, 4)}-01-01`);
  });

  test.prop([dayArb, relativeArb])('are always real days', (today, relative) => {
    expect(isReportDay(relativeDay(relative, today))).toBe(true);
  });
});

describe('resolveParameterValues', () => {
  test.prop([parametersArb, dayArb])('without values, every parameter takes its default, of its type', (parameters, today) => {
    const { values, problems } = resolveParameterValues(parameters, {}, { today });
    expect(problems.filter((p) => p.message !== 'The end is before the start')).toEqual([]);
    for (const p of parameters) {
      const v = values[p.id];
      if (p.type === 'date') expect(isReportDay(v)).toBe(true);
      if (p.type === 'number') expect(typeof v).toBe('number');
      if (p.type === 'boolean') expect(typeof v).toBe('boolean');
      if (p.type === 'choice') expect(staticChoices(p).map((c) => c.value)).toContain(v);
    }
    expect(Object.keys(values).sort()).toEqual(parameters.map((p) => p.id).sort());
  });

  test.prop([parametersArb, dayArb, fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()))])(
    'never passes on a value of a parameter that is not declared, and says so',
    (parameters, today, given) => {
      const { values, problems } = resolveParameterValues(parameters, given, { today });
      const declared = new Set(parameters.map((p) => p.id));
      for (const key of Object.keys(values)) expect(declared.has(key)).toBe(true);
      for (const key of Object.keys(given)) if (!declared.has(key)) expect(problems.map((p) => p.id)).toContain(key);
    },
  );

  test.prop([dayArb, fc.string({ maxLength: 12 })])('takes a date only as a real day or a relative day', (today, text) => {
    const date = [{ id: 'd', type: 'date' as const, target: 'd', config: { valueType: 'static' as const } }];
    const { values, problems } = resolveParameterValues(date, { d: text }, { today });
    if (text === '') expect(problems).toEqual([]);
    else if (isReportDay(text)) expect(values.d).toBe(text);
    else if (['today', 'yesterday'].includes(text)) expect(isReportDay(values.d)).toBe(true);
    else expect(problems.map((p) => p.id)).toEqual(['d']);
  });

  it('reads numbers and booleans given as text, and a choice only among its choices', () => {
    const parameters = [
      { id: 'n', type: 'number' as const, target: 'n', config: { valueType: 'static' as const } },
      { id: 'b', type: 'boolean' as const, target: 'b', config: { valueType: 'static' as const } },
      { id: 'c', type: 'choice' as const, target: 'c', config: { valueType: 'query' as const, value: 'select 1' } },
    ];
    const queryChoices = new Map([['c', [{ value: 3, label: 'Three' }]]]);
    expect(resolveParameterValues(parameters, { n: '12.5', b: 'true', c: '3' }, { today: '2026-05-01', queryChoices })).toEqual({ values: { n: 12.5, b: true, c: 3 }, problems: [] });
    expect(resolveParameterValues(parameters, { n: 'x', b: 'maybe', c: 4 }, { today: '2026-05-01', queryChoices }).problems.map((p) => p.id)).toEqual(['n', 'b', 'c']);
    // A query's default is its first choice, read when the report opens.
    expect(resolveParameterValues(parameters, {}, { today: '2026-05-01', queryChoices }).values.c).toBe(3);
  });
});

describe('declarationProblems', () => {
  test.prop([sqlPiecesArb])('names every placeholder no parameter declares', (pieces) => {
    const text = pieces.map((p) => p.text).join('');
    const targets = [...new Set(pieces.flatMap((p) => (p.target ? [p.target] : [])))];
    const declaredHalf = targets.slice(0, Math.floor(targets.length / 2));
    const parameters = declaredHalf.map((t) => ({ id: t, type: 'text' as const, target: t, config: { valueType: 'static' as const } }));
    const problems = declarationProblems(text, parameters);
    expect(problems.map((p) => p.id).sort()).toEqual(targets.slice(declaredHalf.length).sort());
  });

  it('refuses duplicate ids and targets, bad relative days and choices without a list', () => {
    const problems = declarationProblems('select :a', [
      { id: 'a', type: 'date', target: 'a', config: { valueType: 'relative', value: 'next-tuesday' } },
      { id: 'a', type: 'choice', target: 'a', config: { valueType: 'static', value: 'x' } },
      { id: 'q', type: 'choice', target: 'q', config: { valueType: 'query' } },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'A relative default is a date: one of today, yesterday, start-of-week, start-of-month, end-of-month, start-of-last-month, end-of-last-month, start-of-year',
      'Parameter a is declared twice',
      'Two parameters fill :a',
      'List the choices',
      'A query default needs a SELECT',
    ]);
  });
});
