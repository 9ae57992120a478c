/** GS1 Web Vocabulary link types, v1.16 (https://ref.gs1.org/voc/, class gs1:LinkType). */

/** Base URI of the GS1 Web Vocabulary; `gs1:` CURIEs expand against it. */
export const GS1_VOC_BASE = 'https://ref.gs1.org/voc/'

// Source: GS1 Web Vocabulary v1.16, every term of type gs1:LinkType (60 terms). Project data.
/** Every link-type name of the vocabulary, without prefix. */
export const LINK_TYPES: readonly string[] = [
  'activityIdeas',
  'allergenInfo',
  'appDownload',
  'backgroundInfo',
  'brandHomepageClinical',
  'brandHomepagePatient',
  'careersInfo',
  'certificationInfo',
  'consumerHandlingStorageInfo',
  'defaultLink',
  'defaultLinkMulti',
  'dpp',
  'eifu',
  'epcis',
  'epil',
  'eventsInfo',
  'faqs',
  'handledBy',
  'hasRetailers',
  'homepage',
  'ingredientsInfo',
  'instructions',
  'jws',
  'leaveReview',
  'locationInfo',
  'logisticsInfo',
  'loyaltyProgram',
  'masterData',
  'menuInfo',
  'nutritionalInfo',
  'openingHoursInfo',
  'paymentLink',
  'pip',
  'productSustainabilityInfo',
  'promotion',
  'purchaseSuppliesOrAccessories',
  'quickStartGuide',
  'recallStatus',
  'recipeInfo',
  'registerProduct',
  'registryEntry',
  'relatedImage',
  'relatedVideo',
  'reportFound',
  'review',
  'safetyInfo',
  'scheduleTime',
  'serviceInfo',
  'smartLabel',
  'smpc',
  'socialMedia',
  'statisticInfo',
  'subscribe',
  'support',
  'sustainabilityInfo',
  'traceability',
  'tutorial',
  'userAgreement',
  'verificationService',
  'whatsInTheBox',
]

/** Link types the vocabulary restricts to resolvers; a code generator must not offer them. */
export const RESOLVER_ONLY_LINK_TYPES: readonly string[] = ['defaultLink', 'defaultLinkMulti', 'handledBy']

/** Link types a caller may put in a generated Digital Link (SPEC rule 12). */
export const SELECTABLE_LINK_TYPES: readonly string[] = LINK_TYPES.filter(
  (name) => !RESOLVER_ONLY_LINK_TYPES.includes(name),
)

const KNOWN = new Set(LINK_TYPES)
const SELECTABLE = new Set(SELECTABLE_LINK_TYPES)

// Forms a link type may arrive in (SPEC, resolver linkType parameter): CURIE, current and older URIs.
const PREFIXES = ['gs1:', GS1_VOC_BASE, 'https://gs1.org/voc/', 'http://gs1.org/voc/']

/** True when `name` (without prefix) is a link type of the vocabulary. */
export function isLinkType(name: string): boolean {
  return KNOWN.has(name)
}

/** True when `name` (without prefix) may be chosen when generating a code. */
export function isSelectableLinkType(name: string): boolean {
  return SELECTABLE.has(name)
}

/** The bare name of a `gs1:x` CURIE or full vocabulary URI when x is a known link type, else null. */
export function toLinkTypeName(value: string): string | null {
  for (const prefix of PREFIXES) {
    if (value.startsWith(prefix)) {
      const name = value.slice(prefix.length)
      return KNOWN.has(name) ? name : null
    }
  }
  return null
}

/** The full ref.gs1.org URI of a link-type name. */
export function linkTypeUri(name: string): string {
  return GS1_VOC_BASE + name
}
