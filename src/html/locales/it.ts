/** Interface strings in Italian (it). */
import type { Messages } from '../message-types.ts'

export const it: Messages = {
  banner: 'Servizio GS1 Digital Link',
  errors: {
    400: {
      title: 'Codice non valido',
      message: 'Questo GS1 Digital Link non è valido. Controlla il codice e scansionalo di nuovo.',
    },
    404: { title: 'Non trovato', message: 'Non abbiamo trovato alcun prodotto per questo codice.' },
    405: {
      title: 'Metodo non consentito',
      message: 'Questo indirizzo risponde solo a richieste GET, HEAD e OPTIONS.',
    },
    500: {
      title: 'Qualcosa è andato storto',
      message: 'Il servizio non ha potuto rispondere. Riprova tra un momento.',
    },
  },
  error: { title: 'Errore', message: 'Non è stato possibile rispondere alla richiesta.' },
  linksetTitle: 'Link del prodotto',
  linksetIntro: 'Tutte le pagine sul prodotto, per argomento e lingua.',
  identifier: 'Identificativo',
  defaultPage: 'Pagina principale',
  noPageOfType: {
    title: 'Pagina non trovata',
    message: 'Questo prodotto non ha una pagina del tipo richiesto.',
  },
  page: {
    languages: 'Lingue',
    pages: 'Informazioni sul prodotto',
    thisItem: 'Questo articolo',
    details: { lot: 'Lotto', serial: 'Numero di serie', expiry: 'Data di scadenza' },
    allLinks: 'Tutti i link del prodotto',
    noText: 'Questa pagina non ha ancora testo in questa lingua.',
    notFound: {
      title: 'Pagina non trovata',
      message: 'Questa pagina prodotto non esiste o non è pubblicata.',
    },
  },
}
