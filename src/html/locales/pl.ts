/** Interface strings in Polish (pl). */
import type { Messages } from '../message-types.ts'

export const pl: Messages = {
  banner: 'Usługa GS1 Digital Link',
  errors: {
    400: {
      title: 'Nieprawidłowy kod',
      message: 'Ten GS1 Digital Link jest nieprawidłowy. Sprawdź kod i zeskanuj go ponownie.',
    },
    404: { title: 'Nie znaleziono', message: 'Nie znaleźliśmy produktu dla tego kodu.' },
    405: {
      title: 'Niedozwolona metoda',
      message: 'Ten adres odpowiada tylko na żądania GET, HEAD i OPTIONS.',
    },
    500: {
      title: 'Coś poszło nie tak',
      message: 'Usługa nie mogła odpowiedzieć. Spróbuj ponownie za chwilę.',
    },
  },
  error: { title: 'Błąd', message: 'Nie udało się odpowiedzieć na żądanie.' },
  linksetTitle: 'Linki do tego produktu',
  linksetIntro: 'Wszystkie strony o tym produkcie według tematu i języka.',
  identifier: 'Identyfikator',
  defaultPage: 'Strona główna',
  noPageOfType: { title: 'Nie znaleziono strony', message: 'Ten produkt nie ma strony żądanego typu.' },
  page: {
    languages: 'Języki',
    pages: 'O tym produkcie',
    thisItem: 'Ten egzemplarz',
    details: { lot: 'Partia', serial: 'Numer seryjny', expiry: 'Data ważności' },
    allLinks: 'Wszystkie linki do tego produktu',
    noText: 'Ta strona nie ma jeszcze tekstu w tym języku.',
    notFound: {
      title: 'Nie znaleziono strony',
      message: 'Ta strona produktu nie istnieje lub nie została opublikowana.',
    },
  },
}
