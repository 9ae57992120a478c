/** Interface strings in Finnish (fi). */
import type { Messages } from '../message-types.ts'

export const fi: Messages = {
  banner: 'GS1 Digital Link -palvelu',
  errors: {
    400: {
      title: 'Virheellinen koodi',
      message: 'Tämä GS1 Digital Link ei ole kelvollinen. Tarkista koodi ja skannaa se uudelleen.',
    },
    404: { title: 'Ei löytynyt', message: 'Tällä koodilla ei löytynyt tuotetta.' },
    405: {
      title: 'Menetelmä ei ole sallittu',
      message: 'Tämä osoite vastaa vain GET-, HEAD- ja OPTIONS-pyyntöihin.',
    },
    500: {
      title: 'Jokin meni vikaan',
      message: 'Palvelu ei voinut vastata. Yritä hetken kuluttua uudelleen.',
    },
  },
  error: { title: 'Virhe', message: 'Pyyntöön ei voitu vastata.' },
  linksetTitle: 'Tuotteen linkit',
  linksetIntro: 'Kaikki tuotteen sivut aiheen ja kielen mukaan.',
  identifier: 'Tunniste',
  defaultPage: 'Pääsivu',
  noPageOfType: { title: 'Sivua ei löytynyt', message: 'Tuotteella ei ole pyydetyn tyyppistä sivua.' },
  page: {
    languages: 'Kielet',
    pages: 'Tietoa tuotteesta',
    thisItem: 'Tämä tuote',
    details: { lot: 'Erä', serial: 'Sarjanumero', expiry: 'Viimeinen käyttöpäivä' },
    allLinks: 'Kaikki tuotteen linkit',
    noText: 'Tällä sivulla ei ole vielä tekstiä tällä kielellä.',
    notFound: {
      title: 'Sivua ei löytynyt',
      message: 'Tätä tuotesivua ei ole olemassa tai sitä ei ole julkaistu.',
    },
  },
}
