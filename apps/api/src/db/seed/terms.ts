import { LOCALES } from '@portal/shared/constants';
import { sql } from 'drizzle-orm';
import { termsVersions } from '../schema/terms.js';
import type { Tx } from '../transaction.js';

/**
 * The first terms text of each language, until staff write their own on /terms: what a customer of
 * a savings association and of certificate requests agrees to, so registration never shows an
 * empty box. Only a language without any version gets it.
 */
const DEFAULT_TERMS = {
  ar: [
    '١. يلتزم العضو بسداد أقساط الجمعية في مواعيدها المحددة، ويستلم مبلغ الجمعية في يوم دوره.',
    '٢. لا يحق للعضو تغيير يوم دوره إلا بطلب نقل دور توافق عليه إدارة الجمعيات.',
    '٣. يقر العضو بصحة البيانات والمستندات التي يقدمها، ويتحمل مسؤولية أي بيانات غير صحيحة.',
    '٤. تُستخدم بيانات العضو ومستنداته لتقديم الخدمة فقط، ولا تُشارك مع أي جهة إلا بحكم القانون.',
    '٥. رسوم خدمات الشهادات والتوقيع الإلكتروني تُسدد قبل إصدارها ولا تُسترد بعد الإصدار.',
  ].join('\n\n'),
  en: [
    '1. Members pay the association’s installments on their due dates and receive the payout on their turn day.',
    '2. A member’s turn day changes only through a turn-move request that the associations office approves.',
    '3. Members confirm that the data and documents they submit are correct and are responsible for any that are not.',
    '4. Members’ data and documents are used only to provide the service and are shared with no one unless the law requires it.',
    '5. Certificate and digital-signature fees are paid before issue and are not refunded once issued.',
  ].join('\n\n'),
} as const;

export async function seedTerms(tx: Tx) {
  for (const lang of LOCALES) {
    await tx.execute(sql`
      insert into ${termsVersions} (lang, body)
      select ${lang}, ${DEFAULT_TERMS[lang]}
      where not exists (select 1 from ${termsVersions} where lang = ${lang})`);
  }
}
