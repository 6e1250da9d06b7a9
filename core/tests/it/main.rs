mod worked_example;
