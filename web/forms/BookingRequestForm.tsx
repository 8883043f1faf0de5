// The booking request form shown on /booking when no scheduling widget is configured.
export function BookingRequestForm() {
  return <form aria-label="Booking request" />;
}
