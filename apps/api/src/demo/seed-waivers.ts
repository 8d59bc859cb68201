import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { waiverSignatures } from '../waivers/schema';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The demo's two waivers, each published twice: the first version long ago, the second 60 days before the demo's day. */
export const DEMO_WAIVERS = [
  {
    name: 'Chemical service consent',
    services: ['Single Process Color', 'Balayage'],
    categories: [] as string[],
    versions: [
      'I consent to the chemical service I booked (colour, lightening or toning).\n\nI have told my stylist about allergies, recent treatments and medication. I understand that results depend on my hair’s condition and history and cannot be guaranteed.',
      'I consent to the chemical service I booked (colour, lightening or toning).\n\nI have told my stylist about allergies, recent treatments and medication. I have had a patch test at least 48 hours before this service, or I choose to go ahead without one at my own risk.\n\nI understand that results depend on my hair’s condition and history and cannot be guaranteed.',
    ],
  },
  {
    name: 'Spa treatment release',
    services: [] as string[],
    categories: ['Spa'],
    versions: [
      'I have told my therapist about any medical conditions, injuries, pregnancy or skin sensitivity. I understand that spa treatments are not a substitute for medical care.',
      'I have told my therapist about any medical conditions, injuries, pregnancy, skin sensitivity or recent sun exposure. I will tell my therapist at once if I feel discomfort during the treatment.\n\nI understand that spa treatments are not a substitute for medical care.',
    ],
  },
] as const;

/** Days before the demo's day each version was published. */
const PUBLISHED_DAYS_AGO = [300, 60];
const USER_AGENTS = [
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
];

/** A drawn signature: two strokes of a wave, different for each `n`. */
function strokes(n: number): number[][][] {
  const wave = Array.from({ length: 40 }, (_, i) => [40 + i * 12, Math.round(100 + Math.sin((i + n) / 3) * (30 + (n % 20)))]);
  const underline = Array.from({ length: 10 }, (_, i) => [60 + i * 40, 160 + (i % 2) * 4]);
  return [wave, underline];
}

/**
 * Waivers for the demo locations (issue 18): waivers on everywhere but the last location, the two
 * `DEMO_WAIVERS` with two versions each, assigned to colour services and the Spa category; the
 * appointment clients linked to client records (`appointments.customer_id`, a record made for
 * each name when none matches); and signatures: most appointment clients and some ticket clients
 * signed — the first version before the second was published, the second after — so the report
 * shows clients who must sign again before their next appointment.
 */
export async function seedWaivers(tx: Executor, input: { businessIds: readonly number[]; now: Date }): Promise<void> {
  const day = 86_400_000;
  for (const [index, businessId] of input.businessIds.entries()) {
    const enabled = index < input.businessIds.length - 1;
    await tx.execute(sql`update businesses set waivers_enabled = ${enabled} where id = ${businessId}`);

    // The clients of the appointments, as client records.
    await tx.execute(sql`
      insert into customers (business_id, network_id, phone_type, phone, firstname, lastname, email)
      select ${businessId}, b.network_id, 'MOBILE', '555' || lpad((7000000 + ${businessId} * 1000 + row_number() over (order by n.name))::text, 7, '0'),
             split_part(n.name, ' ', 1), substr(n.name, length(split_part(n.name, ' ', 1)) + 2),
             lower(replace(n.name, ' ', '.')) || '.' || ${businessId} || '@example.com'
        from (select distinct customer_name as name from appointments where business_id = ${businessId}) n
        join businesses b on b.id = ${businessId}
       where not exists (select 1 from customers c where c.business_id = ${businessId} and c.firstname || ' ' || c.lastname = n.name)`);
    await tx.execute(sql`
      update appointments a set customer_id = m.id
        from (select c.firstname || ' ' || c.lastname as name, min(c.id) as id from customers c where c.business_id = ${businessId} group by 1) m
       where a.business_id = ${businessId} and a.customer_name = m.name`);

    for (const [w, demo] of DEMO_WAIVERS.entries()) {
      const created = await tx.execute<{ id: number }>(sql`
        insert into waivers (business_id, name, created_at, updated_at)
        values (${businessId}, ${demo.name}, ${new Date(input.now.getTime() - PUBLISHED_DAYS_AGO[0]! * day).toISOString()}, ${new Date(input.now.getTime() - PUBLISHED_DAYS_AGO[1]! * day).toISOString()})
        returning id`);
      const waiverId = (created.rows[0] as { id: number }).id;
      const versionIds: number[] = [];
      for (const [v, template] of demo.versions.entries()) {
        const published = new Date(input.now.getTime() - PUBLISHED_DAYS_AGO[v]! * day).toISOString();
        const row = await tx.execute<{ id: number }>(sql`
          insert into waiver_versions (business_id, waiver_id, version, template, sha256, published_at, published_by)
          values (${businessId}, ${waiverId}, ${v + 1}, ${template}, ${sha256(template)}, ${published}, 'Olivia Laurent') returning id`);
        versionIds.push((row.rows[0] as { id: number }).id);
      }
      if (demo.services.length > 0) {
        await tx.execute(sql`insert into waiver_services (business_id, waiver_id, service_id)
          select ${businessId}, ${waiverId}, id from services where business_id = ${businessId} and deleted_at is null
             and name in (${sql.join(demo.services.map((s) => sql`${s}`), sql`, `)})`);
      }
      if (demo.categories.length > 0) {
        await tx.execute(sql`insert into waiver_categories (business_id, waiver_id, category_id)
          select ${businessId}, ${waiverId}, id from categories where business_id = ${businessId} and deleted_at is null
             and name in (${sql.join(demo.categories.map((s) => sql`${s}`), sql`, `)})`);
      }

      // Signers: the appointment clients (all but every third) and the first ticket clients with an email.
      const signers = await tx.execute<{ id: number; name: string }>(sql`
        (select c.id, c.firstname || ' ' || c.lastname as name from customers c
          where c.business_id = ${businessId} and exists (select 1 from appointments a where a.customer_id = c.id) order by c.id)
        union all
        (select c.id, c.firstname || ' ' || c.lastname from customers c
          where c.business_id = ${businessId} and c.email is not null and c.firstname is not null
            and not exists (select 1 from appointments a where a.customer_id = c.id) order by c.id limit ${12 + w * 4})`);
      const rows = signers.rows.flatMap((signer, n) => {
        if ((n + w) % 3 === 0) return [];
        const daysAgo = 5 + ((n * 37 + w * 11) % 280);
        const v = daysAgo > (PUBLISHED_DAYS_AGO[1] as number) ? 0 : 1;
        return [
          {
            business_id: businessId,
            waiver_id: waiverId,
            version_id: versionIds[v] as number,
            customer_id: signer.id,
            customer_name: signer.name,
            signed_name: signer.name,
            strokes: strokes(n + w * 50) as [number, number][][],
            consent: true,
            sha256: sha256(demo.versions[v] as string),
            signed_at: new Date(input.now.getTime() - daysAgo * day - ((n * 7919) % 36_000) * 1000),
            ip: `203.0.113.${(n % 250) + 1}`,
            user_agent: USER_AGENTS[n % USER_AGENTS.length] as string,
          },
        ];
      });
      // One statement per waiver: the first `npm start` stays quick.
      if (rows.length > 0) await tx.insert(waiverSignatures).values(rows);
    }
  }
}
