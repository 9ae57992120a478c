/** Interface strings in Irish (ga). */
import type { Messages } from '../message-types.ts'

export const ga: Messages = {
  banner: 'Seirbhís GS1 Digital Link',
  errors: {
    400: {
      title: 'Cód neamhbhailí',
      message: 'Níl an GS1 Digital Link seo bailí. Seiceáil an cód agus scan arís é.',
    },
    404: { title: 'Níor aimsíodh é', message: 'Níor aimsíomar táirge don chód seo.' },
    405: {
      title: 'Modh nach gceadaítear',
      message: 'Ní fhreagraíonn an seoladh seo ach d’iarratais GET, HEAD agus OPTIONS.',
    },
    500: {
      title: 'Chuaigh rud éigin mícheart',
      message: 'Níorbh fhéidir leis an tseirbhís freagra a thabhairt. Bain triail eile as ar ball.',
    },
  },
  error: { title: 'Earráid', message: 'Níorbh fhéidir an t-iarratas a fhreagairt.' },
  linksetTitle: 'Naisc don táirge seo',
  linksetIntro: 'Gach leathanach faoin táirge seo, de réir ábhair agus teanga.',
  identifier: 'Aitheantóir',
  defaultPage: 'Príomhleathanach',
  noPageOfType: {
    title: 'Níor aimsíodh an leathanach',
    message: 'Níl leathanach den chineál a iarradh ag an táirge seo.',
  },
  page: {
    languages: 'Teangacha',
    pages: 'Faoin táirge seo',
    thisItem: 'An earra seo',
    details: { lot: 'Baisc', serial: 'Sraithuimhir', expiry: 'Dáta éaga' },
    allLinks: 'Gach nasc don táirge seo',
    noText: 'Níl aon téacs ar an leathanach seo sa teanga seo go fóill.',
    notFound: {
      title: 'Níor aimsíodh an leathanach',
      message: 'Níl an leathanach táirge seo ann nó níor foilsíodh é.',
    },
  },
}
