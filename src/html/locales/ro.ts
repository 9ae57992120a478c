/** Interface strings in Romanian (ro). */
import type { Messages } from '../message-types.ts'

export const ro: Messages = {
  banner: 'Serviciul GS1 Digital Link',
  errors: {
    400: {
      title: 'Cod nevalid',
      message: 'Acest GS1 Digital Link nu este valid. Verificați codul și scanați-l din nou.',
    },
    404: { title: 'Nu a fost găsit', message: 'Nu am găsit niciun produs pentru acest cod.' },
    405: {
      title: 'Metodă nepermisă',
      message: 'Această adresă răspunde doar la cereri GET, HEAD și OPTIONS.',
    },
    500: {
      title: 'A apărut o eroare',
      message: 'Serviciul nu a putut răspunde. Încercați din nou peste câteva momente.',
    },
  },
  error: { title: 'Eroare', message: 'Cererea nu a putut primi răspuns.' },
  linksetTitle: 'Linkuri pentru acest produs',
  linksetIntro: 'Toate paginile despre acest produs, după subiect și limbă.',
  identifier: 'Identificator',
  defaultPage: 'Pagina principală',
  noPageOfType: {
    title: 'Pagina nu a fost găsită',
    message: 'Acest produs nu are o pagină de tipul solicitat.',
  },
  page: {
    languages: 'Limbi',
    pages: 'Despre acest produs',
    thisItem: 'Acest articol',
    details: { lot: 'Lot', serial: 'Număr de serie', expiry: 'Data expirării' },
    allLinks: 'Toate linkurile pentru acest produs',
    noText: 'Această pagină nu are încă text în această limbă.',
    notFound: {
      title: 'Pagina nu a fost găsită',
      message: 'Această pagină de produs nu există sau nu este publicată.',
    },
  },
}
