/** Interface strings in Croatian (hr). */
import type { Messages } from '../message-types.ts'

export const hr: Messages = {
  banner: 'Usluga GS1 Digital Link',
  errors: {
    400: {
      title: 'Nevažeći kod',
      message: 'Ovaj GS1 Digital Link nije valjan. Provjerite kod i skenirajte ga ponovno.',
    },
    404: { title: 'Nije pronađeno', message: 'Za ovaj kod nismo pronašli proizvod.' },
    405: {
      title: 'Metoda nije dopuštena',
      message: 'Ova adresa odgovara samo na zahtjeve GET, HEAD i OPTIONS.',
    },
    500: {
      title: 'Nešto je pošlo po zlu',
      message: 'Usluga nije mogla odgovoriti. Pokušajte ponovno za trenutak.',
    },
  },
  error: { title: 'Pogreška', message: 'Na zahtjev nije bilo moguće odgovoriti.' },
  linksetTitle: 'Poveznice za ovaj proizvod',
  linksetIntro: 'Sve stranice o ovom proizvodu, po temi i jeziku.',
  identifier: 'Identifikator',
  defaultPage: 'Glavna stranica',
  noPageOfType: {
    title: 'Stranica nije pronađena',
    message: 'Ovaj proizvod nema stranicu traženog tipa.',
  },
  page: {
    languages: 'Jezici',
    pages: 'O ovom proizvodu',
    thisItem: 'Ovaj artikl',
    details: { lot: 'Broj serije', serial: 'Serijski broj', expiry: 'Rok valjanosti' },
    allLinks: 'Sve poveznice za ovaj proizvod',
    noText: 'Ova stranica još nema teksta na ovom jeziku.',
    notFound: {
      title: 'Stranica nije pronađena',
      message: 'Ova stranica proizvoda ne postoji ili nije objavljena.',
    },
  },
}
