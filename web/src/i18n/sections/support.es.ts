/** Support chat, tickets and staff console texts (es). */
export const supportEs = {
  support: {
    heading: 'Asistente AI de Soporte',
    back: 'Volver al Dashboard',
  },
  tickets: {
    heading: 'Centro de Soporte',
    back: 'Volver al Panel',
  },
};
