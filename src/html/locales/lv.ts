/** Interface strings in Latvian (lv). */
import type { Messages } from '../message-types.ts'

export const lv: Messages = {
  banner: 'GS1 Digital Link pakalpojums',
  errors: {
    400: {
      title: 'Nederīgs kods',
      message: 'Šī GS1 Digital Link saite nav derīga. Pārbaudiet kodu un skenējiet to vēlreiz.',
    },
    404: { title: 'Nav atrasts', message: 'Šim kodam netika atrasts neviens produkts.' },
    405: {
      title: 'Metode nav atļauta',
      message: 'Šī adrese atbild tikai uz GET, HEAD un OPTIONS pieprasījumiem.',
    },
    500: {
      title: 'Radās kļūda',
      message: 'Pakalpojums nevarēja atbildēt. Lūdzu, mēģiniet vēlreiz pēc brīža.',
    },
  },
  error: { title: 'Kļūda', message: 'Uz pieprasījumu nevarēja atbildēt.' },
  linksetTitle: 'Šī produkta saites',
  linksetIntro: 'Visas šī produkta lapas pēc tēmas un valodas.',
  identifier: 'Identifikators',
  defaultPage: 'Galvenā lapa',
  noPageOfType: { title: 'Lapa nav atrasta', message: 'Šim produktam nav pieprasītā veida lapas.' },
  page: {
    languages: 'Valodas',
    pages: 'Par šo produktu',
    thisItem: 'Šī prece',
    details: { lot: 'Partija', serial: 'Sērijas numurs', expiry: 'Derīguma termiņš' },
    allLinks: 'Visas šī produkta saites',
    noText: 'Šajā lapā vēl nav teksta šajā valodā.',
    notFound: { title: 'Lapa nav atrasta', message: 'Šī produkta lapa nepastāv vai nav publicēta.' },
  },
}
