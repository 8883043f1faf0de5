export default function BookingPage() {
  return <h1 className="text-3xl font-bold">Booking</h1>;
}
