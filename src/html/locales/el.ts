/** Interface strings in Greek (el). */
import type { Messages } from '../message-types.ts'

export const el: Messages = {
  banner: 'Υπηρεσία GS1 Digital Link',
  errors: {
    400: {
      title: 'Μη έγκυρος κωδικός',
      message:
        'Αυτός ο σύνδεσμος GS1 Digital Link δεν είναι έγκυρος. Ελέγξτε τον κωδικό και σαρώστε τον ξανά.',
    },
    404: { title: 'Δεν βρέθηκε', message: 'Δεν βρήκαμε προϊόν για αυτόν τον κωδικό.' },
    405: {
      title: 'Η μέθοδος δεν επιτρέπεται',
      message: 'Αυτή η διεύθυνση απαντά μόνο σε αιτήματα GET, HEAD και OPTIONS.',
    },
    500: {
      title: 'Κάτι πήγε στραβά',
      message: 'Η υπηρεσία δεν μπόρεσε να απαντήσει. Δοκιμάστε ξανά σε λίγο.',
    },
  },
  error: { title: 'Σφάλμα', message: 'Δεν ήταν δυνατή η απάντηση στο αίτημα.' },
  linksetTitle: 'Σύνδεσμοι για αυτό το προϊόν',
  linksetIntro: 'Όλες οι σελίδες για αυτό το προϊόν, ανά θέμα και γλώσσα.',
  identifier: 'Αναγνωριστικό',
  defaultPage: 'Κύρια σελίδα',
  noPageOfType: {
    title: 'Η σελίδα δεν βρέθηκε',
    message: 'Αυτό το προϊόν δεν έχει σελίδα του ζητούμενου τύπου.',
  },
  page: {
    languages: 'Γλώσσες',
    pages: 'Σχετικά με το προϊόν',
    thisItem: 'Αυτό το τεμάχιο',
    details: { lot: 'Παρτίδα', serial: 'Σειριακός αριθμός', expiry: 'Ημερομηνία λήξης' },
    allLinks: 'Όλοι οι σύνδεσμοι για αυτό το προϊόν',
    notFound: {
      title: 'Η σελίδα δεν βρέθηκε',
      message: 'Αυτή η σελίδα προϊόντος δεν υπάρχει ή δεν έχει δημοσιευτεί.',
    },
  },
}
