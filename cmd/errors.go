package cmd

func (f *Factory) explain(err error) error { return err }
