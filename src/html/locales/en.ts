/** Interface strings in English (en), the fallback language. */
import type { Messages } from '../message-types.ts'

export const en: Messages = {
  banner: 'GS1 Digital Link resolver',
  errors: {
    400: {
      title: 'Invalid code',
      message: 'This GS1 Digital Link is not valid. Check the code and scan it again.',
    },
    404: { title: 'Not found', message: 'We could not find a product for this code.' },
    405: {
      title: 'Method not allowed',
      message: 'This address only answers GET, HEAD and OPTIONS requests.',
    },
    500: {
      title: 'Something went wrong',
      message: 'The resolver could not answer. Please try again in a moment.',
    },
  },
  error: { title: 'Error', message: 'The request could not be answered.' },
  linksetTitle: 'Links for this product',
  linksetIntro: 'All pages about this product, by topic and language.',
  identifier: 'Identifier',
  defaultPage: 'Main page',
  noPageOfType: { title: 'Page not found', message: 'This product has no page of the requested type.' },
  page: {
    languages: 'Languages',
    pages: 'About this product',
    thisItem: 'This item',
    details: { lot: 'Batch/lot', serial: 'Serial number', expiry: 'Expiry date' },
    allLinks: 'All links for this product',
    noText: 'This page has no text in this language yet.',
    notFound: { title: 'Page not found', message: 'This product page does not exist or is not published.' },
  },
}
