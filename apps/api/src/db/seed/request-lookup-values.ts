import {
  IDENTITY_TYPE_IDS,
  REQUEST_STATUS_IDS,
  SERVICE_DURATION_IDS,
  SERVICE_IDS,
} from '@portal/shared/schemas/request-lookups';
import type {
  branches,
  countries,
  identityTypes,
  organizationTypes,
  rejectionReasons,
  requestStatusTypes,
  serviceDurations,
  services,
} from '../schema/request-lookups.js';

/**
 * The values of the customer-request lookups (DESIGN §2), in the words of GLOSSARY.md. Ids are
 * part of the contract: change a name freely, never an id (requests and the form rules hold them).
 */

type Row<T extends { $inferInsert: object }> = T['$inferInsert'];

export const REQUEST_STATUS_TYPE_ROWS: Row<typeof requestStatusTypes>[] = [
  { id: REQUEST_STATUS_IDS.draft, code: 'draft', name: 'Draft', nameLocal: 'مسودة' },
  { id: REQUEST_STATUS_IDS.submitted, code: 'submitted', name: 'Submitted', nameLocal: 'مُقدَّم' },
  { id: REQUEST_STATUS_IDS.reviewed, code: 'reviewed', name: 'Reviewed', nameLocal: 'تمت المراجعة' },
  { id: REQUEST_STATUS_IDS.accepted, code: 'accepted', name: 'Accepted', nameLocal: 'مقبول' },
  { id: REQUEST_STATUS_IDS.paid, code: 'paid', name: 'Paid', nameLocal: 'مدفوع' },
  { id: REQUEST_STATUS_IDS.ready, code: 'ready', name: 'Ready for delivery', nameLocal: 'جاهز للتسليم' },
  { id: REQUEST_STATUS_IDS.delivered, code: 'delivered', name: 'Delivered', nameLocal: 'تم التسليم' },
  { id: REQUEST_STATUS_IDS.rejected, code: 'rejected', name: 'Rejected', nameLocal: 'مرفوض' },
  { id: REQUEST_STATUS_IDS.canceled, code: 'canceled', name: 'Canceled', nameLocal: 'ملغي' },
];

export const IDENTITY_TYPE_ROWS: Row<typeof identityTypes>[] = [
  { id: IDENTITY_TYPE_IDS.nationalId, name: 'National ID card', nameLocal: 'بطاقة الرقم القومي' },
  { id: IDENTITY_TYPE_IDS.passport, name: 'Passport', nameLocal: 'جواز السفر' },
];

export const SERVICE_ROWS: Row<typeof services>[] = [
  {
    id: SERVICE_IDS.individualSignature,
    name: 'Digital-signature certificate for individuals',
    nameLocal: 'شهادة التوقيع الإلكتروني للأفراد',
  },
  {
    id: SERVICE_IDS.organizationSignature,
    name: 'Digital-signature certificate for companies and organizations',
    nameLocal: 'شهادة التوقيع الإلكتروني للشركات والجهات',
  },
  {
    id: 3,
    name: 'Replacement of a lost or damaged signature token',
    nameLocal: 'بدل فاقد أو تالف لوسيط التوقيع الإلكتروني',
  },
];

export const SERVICE_DURATION_ROWS: Row<typeof serviceDurations>[] = [
  { id: SERVICE_DURATION_IDS.oneYear, name: 'One year', nameLocal: 'سنة واحدة' },
  { id: SERVICE_DURATION_IDS.twoYears, name: 'Two years', nameLocal: 'سنتان' },
  { id: SERVICE_DURATION_IDS.threeYears, name: 'Three years', nameLocal: 'ثلاث سنوات' },
];

/** 1 and 7 are the ones the form treats as an individual (INDIVIDUAL_ORGANIZATION_TYPE_IDS). */
export const ORGANIZATION_TYPE_ROWS: Row<typeof organizationTypes>[] = [
  { id: 1, name: 'Individual', nameLocal: 'فرد' },
  { id: 2, name: 'Joint-stock company', nameLocal: 'شركة مساهمة' },
  { id: 3, name: 'Limited liability company', nameLocal: 'شركة ذات مسؤولية محدودة' },
  { id: 4, name: 'General partnership', nameLocal: 'شركة تضامن' },
  { id: 5, name: 'Limited partnership', nameLocal: 'شركة توصية بسيطة' },
  { id: 6, name: 'Government authority', nameLocal: 'جهة حكومية' },
  { id: 7, name: 'Sole proprietorship', nameLocal: 'منشأة فردية' },
  { id: 8, name: 'NGO (civil association or foundation)', nameLocal: 'جمعية أو مؤسسة أهلية' },
  { id: 9, name: 'One-person company', nameLocal: 'شركة الشخص الواحد' },
  { id: 10, name: 'Public business sector company', nameLocal: 'شركة قطاع أعمال عام' },
  { id: 11, name: 'Branch of a foreign company', nameLocal: 'فرع شركة أجنبية' },
];

/** [name, name_local, nationality, nationality_local]; Egypt first, then the Arab League, then others. */
const COUNTRY_NAMES: [string, string, string, string][] = [
  ['Egypt', 'مصر', 'Egyptian', 'مصري'],
  ['Saudi Arabia', 'المملكة العربية السعودية', 'Saudi', 'سعودي'],
  ['United Arab Emirates', 'الإمارات العربية المتحدة', 'Emirati', 'إماراتي'],
  ['Kuwait', 'الكويت', 'Kuwaiti', 'كويتي'],
  ['Qatar', 'قطر', 'Qatari', 'قطري'],
  ['Bahrain', 'البحرين', 'Bahraini', 'بحريني'],
  ['Oman', 'سلطنة عُمان', 'Omani', 'عُماني'],
  ['Jordan', 'الأردن', 'Jordanian', 'أردني'],
  ['Palestine', 'فلسطين', 'Palestinian', 'فلسطيني'],
  ['Lebanon', 'لبنان', 'Lebanese', 'لبناني'],
  ['Syria', 'سوريا', 'Syrian', 'سوري'],
  ['Iraq', 'العراق', 'Iraqi', 'عراقي'],
  ['Yemen', 'اليمن', 'Yemeni', 'يمني'],
  ['Sudan', 'السودان', 'Sudanese', 'سوداني'],
  ['Libya', 'ليبيا', 'Libyan', 'ليبي'],
  ['Tunisia', 'تونس', 'Tunisian', 'تونسي'],
  ['Algeria', 'الجزائر', 'Algerian', 'جزائري'],
  ['Morocco', 'المغرب', 'Moroccan', 'مغربي'],
  ['Mauritania', 'موريتانيا', 'Mauritanian', 'موريتاني'],
  ['Somalia', 'الصومال', 'Somali', 'صومالي'],
  ['Djibouti', 'جيبوتي', 'Djiboutian', 'جيبوتي'],
  ['Comoros', 'جزر القمر', 'Comorian', 'قمري'],
  ['United States', 'الولايات المتحدة الأمريكية', 'American', 'أمريكي'],
  ['United Kingdom', 'المملكة المتحدة', 'British', 'بريطاني'],
  ['Germany', 'ألمانيا', 'German', 'ألماني'],
  ['France', 'فرنسا', 'French', 'فرنسي'],
  ['Italy', 'إيطاليا', 'Italian', 'إيطالي'],
  ['Spain', 'إسبانيا', 'Spanish', 'إسباني'],
  ['Greece', 'اليونان', 'Greek', 'يوناني'],
  ['Cyprus', 'قبرص', 'Cypriot', 'قبرصي'],
  ['Türkiye', 'تركيا', 'Turkish', 'تركي'],
  ['Russia', 'روسيا', 'Russian', 'روسي'],
  ['China', 'الصين', 'Chinese', 'صيني'],
  ['India', 'الهند', 'Indian', 'هندي'],
  ['Pakistan', 'باكستان', 'Pakistani', 'باكستاني'],
  ['Japan', 'اليابان', 'Japanese', 'ياباني'],
  ['South Korea', 'كوريا الجنوبية', 'South Korean', 'كوري جنوبي'],
  ['Canada', 'كندا', 'Canadian', 'كندي'],
  ['Australia', 'أستراليا', 'Australian', 'أسترالي'],
  ['Ethiopia', 'إثيوبيا', 'Ethiopian', 'إثيوبي'],
  ['Nigeria', 'نيجيريا', 'Nigerian', 'نيجيري'],
  ['Brazil', 'البرازيل', 'Brazilian', 'برازيلي'],
];

export const COUNTRY_ROWS: Row<typeof countries>[] = COUNTRY_NAMES.map(
  ([name, nameLocal, nationality, nationalityLocal], index) => ({
    id: index + 1,
    name,
    nameLocal,
    nationality,
    nationalityLocal,
  }),
);

const HOURS = 'من الأحد إلى الخميس، من 9 صباحًا حتى 3 مساءً.';

export const BRANCH_ROWS: Row<typeof branches>[] = [
  {
    id: 1,
    name: 'Cairo – Downtown',
    nameLocal: 'القاهرة – وسط البلد',
    address: '12 شارع طلعت حرب، وسط البلد، القاهرة',
    description: `الفرع الرئيسي. ${HOURS}`,
  },
  {
    id: 2,
    name: 'New Cairo – Fifth Settlement',
    nameLocal: 'القاهرة الجديدة – التجمع الخامس',
    address: 'المبنى الإداري 3، شارع التسعين الشمالي، التجمع الخامس، القاهرة الجديدة',
    description: `${HOURS} خدمة الشركات بموعد مسبق.`,
  },
  {
    id: 3,
    name: 'Giza – Dokki',
    nameLocal: 'الجيزة – الدقي',
    address: '45 شارع التحرير، الدقي، الجيزة',
    description: HOURS,
  },
  {
    id: 4,
    name: 'Alexandria – Smouha',
    nameLocal: 'الإسكندرية – سموحة',
    address: '30 شارع فوزي معاذ، سموحة، الإسكندرية',
    description: `${HOURS} يخدم محافظات الإسكندرية والبحيرة ومطروح.`,
  },
  {
    id: 5,
    name: 'Mansoura',
    nameLocal: 'المنصورة',
    address: '8 شارع الجمهورية، المنصورة، الدقهلية',
    description: HOURS,
  },
  {
    id: 6,
    name: 'Tanta',
    nameLocal: 'طنطا',
    address: '20 شارع البحر، طنطا، الغربية',
    description: HOURS,
  },
  {
    id: 7,
    name: 'Zagazig',
    nameLocal: 'الزقازيق',
    address: '14 شارع فاروق، الزقازيق، الشرقية',
    description: null,
  },
  {
    id: 8,
    name: 'Port Said',
    nameLocal: 'بورسعيد',
    address: '10 شارع 23 يوليو، حي الشرق، بورسعيد',
    description: `${HOURS} يخدم محافظات القناة.`,
  },
  {
    id: 9,
    name: 'Assiut',
    nameLocal: 'أسيوط',
    address: '15 شارع الجمهورية، أسيوط',
    description: `${HOURS} يخدم محافظات شمال الصعيد.`,
  },
  {
    id: 10,
    name: 'Aswan',
    nameLocal: 'أسوان',
    address: 'كورنيش النيل، بجوار مبنى المحافظة، أسوان',
    description: null,
  },
];

/** A final decision closes the request for good; the others invite a corrected resubmission. */
export const REJECTION_REASON_ROWS: Row<typeof rejectionReasons>[] = [
  { id: 1, name: 'Incomplete documents', nameLocal: 'المستندات غير مكتملة', finalDecision: false },
  {
    id: 2,
    name: 'Identity copy unclear or unreadable',
    nameLocal: 'صورة إثبات الشخصية غير واضحة',
    finalDecision: false,
  },
  { id: 3, name: 'Identity document expired', nameLocal: 'إثبات الشخصية منتهي الصلاحية', finalDecision: false },
  {
    id: 4,
    name: 'Data does not match the attached documents',
    nameLocal: 'البيانات لا تطابق المستندات المرفقة',
    finalDecision: false,
  },
  {
    id: 5,
    name: 'Commercial registration expired or not updated',
    nameLocal: 'السجل التجاري منتهي أو غير محدَّث',
    finalDecision: false,
  },
  {
    id: 6,
    name: 'The authorization does not cover the applicant',
    nameLocal: 'التفويض لا يخوِّل مقدم الطلب',
    finalDecision: false,
  },
  { id: 7, name: 'Forged or altered documents', nameLocal: 'مستندات مزورة أو معدَّلة', finalDecision: true },
  {
    id: 8,
    name: 'Issuance barred by a court or regulatory decision',
    nameLocal: 'صدور حكم قضائي أو قرار رقابي يمنع الإصدار',
    finalDecision: true,
  },
  {
    id: 9,
    name: 'The applicant already holds a valid certificate',
    nameLocal: 'لدى مقدم الطلب شهادة سارية بالفعل',
    finalDecision: true,
  },
  {
    id: 10,
    name: 'The organization is struck off or in liquidation',
    nameLocal: 'الجهة مشطوبة أو تحت التصفية',
    finalDecision: true,
  },
];
