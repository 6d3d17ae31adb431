export { Testimonial, testimonialVariants, type TestimonialProps } from "./testimonial"
