/** Interface strings in Swedish (sv). */
import type { Messages } from '../message-types.ts'

export const sv: Messages = {
  banner: 'GS1 Digital Link-tjänst',
  errors: {
    400: {
      title: 'Ogiltig kod',
      message: 'Den här GS1 Digital Link är ogiltig. Kontrollera koden och skanna den igen.',
    },
    404: { title: 'Hittades inte', message: 'Vi hittade ingen produkt för den här koden.' },
    405: {
      title: 'Metoden är inte tillåten',
      message: 'Den här adressen svarar bara på GET-, HEAD- och OPTIONS-förfrågningar.',
    },
    500: { title: 'Något gick fel', message: 'Tjänsten kunde inte svara. Försök igen om en stund.' },
  },
  error: { title: 'Fel', message: 'Förfrågan kunde inte besvaras.' },
  linksetTitle: 'Länkar för produkten',
  linksetIntro: 'Alla sidor om produkten, efter ämne och språk.',
  identifier: 'Identifierare',
  defaultPage: 'Huvudsida',
  noPageOfType: { title: 'Sidan hittades inte', message: 'Produkten har ingen sida av den begärda typen.' },
  page: {
    languages: 'Språk',
    pages: 'Om produkten',
    thisItem: 'Den här varan',
    details: { lot: 'Batchnummer', serial: 'Serienummer', expiry: 'Utgångsdatum' },
    allLinks: 'Alla länkar för produkten',
    noText: 'Sidan har ännu ingen text på det här språket.',
    notFound: {
      title: 'Sidan hittades inte',
      message: 'Den här produktsidan finns inte eller är inte publicerad.',
    },
  },
}
