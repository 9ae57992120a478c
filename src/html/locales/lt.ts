/** Interface strings in Lithuanian (lt). */
import type { Messages } from '../message-types.ts'

export const lt: Messages = {
  banner: 'GS1 Digital Link paslauga',
  errors: {
    400: {
      title: 'Neteisingas kodas',
      message: 'Ši GS1 Digital Link nuoroda negalioja. Patikrinkite kodą ir nuskaitykite jį dar kartą.',
    },
    404: { title: 'Nerasta', message: 'Pagal šį kodą produkto neradome.' },
    405: {
      title: 'Metodas neleidžiamas',
      message: 'Šis adresas atsako tik į GET, HEAD ir OPTIONS užklausas.',
    },
    500: {
      title: 'Kažkas nepavyko',
      message: 'Paslauga negalėjo atsakyti. Pabandykite dar kartą po akimirkos.',
    },
  },
  error: { title: 'Klaida', message: 'Į užklausą atsakyti nepavyko.' },
  linksetTitle: 'Šio produkto nuorodos',
  linksetIntro: 'Visi šio produkto puslapiai pagal temą ir kalbą.',
  identifier: 'Identifikatorius',
  defaultPage: 'Pagrindinis puslapis',
  noPageOfType: { title: 'Puslapis nerastas', message: 'Šis produktas neturi prašomo tipo puslapio.' },
  page: {
    languages: 'Kalbos',
    pages: 'Apie šį produktą',
    thisItem: 'Šis gaminys',
    details: { lot: 'Partija', serial: 'Serijos numeris', expiry: 'Galiojimo pabaigos data' },
    allLinks: 'Visos šio produkto nuorodos',
    noText: 'Šiame puslapyje dar nėra teksto šia kalba.',
    notFound: {
      title: 'Puslapis nerastas',
      message: 'Šio produkto puslapio nėra arba jis nepaskelbtas.',
    },
  },
}
