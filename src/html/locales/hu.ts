/** Interface strings in Hungarian (hu). */
import type { Messages } from '../message-types.ts'

export const hu: Messages = {
  banner: 'GS1 Digital Link szolgáltatás',
  errors: {
    400: {
      title: 'Érvénytelen kód',
      message: 'Ez a GS1 Digital Link érvénytelen. Ellenőrizze a kódot, és olvassa be újra.',
    },
    404: { title: 'Nem található', message: 'Ehhez a kódhoz nem találtunk terméket.' },
    405: {
      title: 'A metódus nem engedélyezett',
      message: 'Ez a cím csak GET, HEAD és OPTIONS kérésekre válaszol.',
    },
    500: {
      title: 'Hiba történt',
      message: 'A szolgáltatás nem tudott válaszolni. Kérjük, próbálja újra egy kicsit később.',
    },
  },
  error: { title: 'Hiba', message: 'A kérésre nem sikerült válaszolni.' },
  linksetTitle: 'A termék hivatkozásai',
  linksetIntro: 'A termék összes oldala téma és nyelv szerint.',
  identifier: 'Azonosító',
  defaultPage: 'Főoldal',
  noPageOfType: {
    title: 'Az oldal nem található',
    message: 'Ennek a terméknek nincs a kért típusú oldala.',
  },
  page: {
    languages: 'Nyelvek',
    pages: 'A termékről',
    thisItem: 'Ez a termék',
    details: { lot: 'Gyártási tétel', serial: 'Sorozatszám', expiry: 'Lejárati dátum' },
    allLinks: 'A termék összes hivatkozása',
    noText: 'Ezen az oldalon még nincs szöveg ezen a nyelven.',
    notFound: {
      title: 'Az oldal nem található',
      message: 'Ez a termékoldal nem létezik, vagy nincs közzétéve.',
    },
  },
}
