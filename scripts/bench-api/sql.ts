/**
 * Helpers to write the seed's SQL as text (literals, arrays, picks), and the word lists its rows
 * are made of. Shared by seed.ts (users, audit rows, associations), seed-requests.ts (service
 * requests) and seed-desk.ts (tickets, contacts, card and turn-move requests, notifications).
 */

/** A row as the database driver answers it, and a plain statement run for its rows. */
export type Row = Record<string, unknown>;
export type Query = (text: string) => Promise<Row[]>;

/** Words separated by "|" (names have spaces), so a long list stays a few lines. */
export const words = (text: string) => text.split('|').map((w) => w.trim());

export function lit(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
}

export function textArray(values: (string | null)[]): string {
  return `(ARRAY[${values.map(lit).join(', ')}]::text[])`;
}

export function intArray(values: number[]): string {
  return `(ARRAY[${values.map((v) => int(v, 'array element')).join(', ')}]::int[])`;
}

/** 1 + floor(r × n): a 1-based index into an array of n elements from a random r in [0, 1). */
export function pick(array: string[], r: string): string {
  return `${textArray(array)}[1 + floor(${r} * ${array.length})::int]`;
}

export function int(n: number, name: string): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${n}`);
  return n;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Weighted choice: `weights` per thousand (they must add up to 1,000), as an int array of 1,000
 * slots holding 1-based indexes into the choices; `(slots)[1 + floor(random() * 1000)]` picks one.
 */
export function weightedSlots(weights: number[], what: string): string {
  const slots: number[] = [];
  weights.forEach((w, i) => {
    for (let k = 0; k < w; k++) slots.push(i + 1);
  });
  if (slots.length !== 1000) throw new Error(`${what} weights add up to ${slots.length}, not 1000`);
  return `(ARRAY[${slots.join(',')}]::int[])`;
}

export const AR_FIRST = words(
  'محمد|أحمد|محمود|مصطفى|علي|حسن|حسين|عمر|خالد|إبراهيم|يوسف|عبد الله|عبد الرحمن|طارق|كريم|شريف|هشام|وليد|' +
    'ياسر|عمرو|فاطمة|مريم|نور|سارة|هبة|منى|دينا|ياسمين|آية|رحاب|شيماء|إيمان|سلمى|ندى|هالة|رانيا|سامح|تامر|أيمن|رامي',
);
/** Fathers' names: the male first names. */
export const AR_MALE = AR_FIRST.slice(0, 20).concat(AR_FIRST.slice(-4));
export const AR_FAMILY = words(
  'السيد|عبد العزيز|الشافعي|المصري|حسان|فهمي|منصور|عثمان|سليمان|الجمال|النجار|الشناوي|البنا|زكي|رمضان|شحاتة|' +
    'عبد الحميد|مرسي|فؤاد|بدوي|الدسوقي|جاد|صبري|حجازي|العطار|القاضي|الحداد|عاشور|سالم|نصار',
);
export const EN_FIRST = words(
  'Ahmed|Mohamed|Omar|Karim|Ali|Hassan|Mostafa|Sara|Nour|Mariam|Laila|Hana|Yasmin|Dina|Adam|John|Michael|David|' +
    'Emma|Olivia|George|Peter|Mark|Sophia|Youssef',
);
export const EN_LAST = words(
  'Hassan|Mansour|Farouk|Salem|Nasser|Smith|Johnson|Brown|Taylor|Wilson|Adel|Kamal|Fahmy|Zaki|Gad|Soliman|Ibrahim|' +
    'Khalil|Saad|Tawfik',
);
export const DOMAINS = words('gmail.com|yahoo.com|hotmail.com|outlook.com|example.com');
export const ADDRESSES = words(
  'مدينة نصر، القاهرة|المعادي، القاهرة|مصر الجديدة، القاهرة|الدقي، الجيزة|سموحة، الإسكندرية|المنصورة، الدقهلية|' +
    'طنطا، الغربية|الزقازيق، الشرقية|أسيوط|6th of October City, Giza',
);
/** Subjects of tickets and contact messages, Arabic and English as customers write them. */
export const SUBJECTS = words(
  'تأخر استلام الشهادة|استفسار عن موعد القبض|تغيير رقم الهاتف|مشكلة في تسجيل الدخول|طلب كشف حساب|' +
    'استفسار عن الرسوم|تعديل بيانات الطلب|لم يصلني رمز التفعيل|Payment not shown|Question about my turn|' +
    'Cannot upload documents|Change my email address',
);
export const MESSAGES = words(
  'السلام عليكم، أرجو الإفادة في أقرب وقت.|دفعت القسط ولم يظهر في الحساب، برجاء المراجعة.|' +
    'أريد معرفة موعد استلام الشهادة من الفرع.|Hello, could you please check my request? Thanks.|' +
    'I paid yesterday at the branch; the receipt number is on the attached copy.|' +
    'برجاء تغيير موعد دوري إلى الشهر القادم إن أمكن.',
);
